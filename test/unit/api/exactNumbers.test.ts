// Numbers in API answers arrive exactly: collections, payments and their cursors go through the
// lossless reader, so no record's digits change between the server and the sheet.
import { iterateCollection, iteratePayments, JsonNumber } from "../../../src/api";
import { paymentJson } from "./fixtures";
import { failureOf, harness } from "./harness";

describe("numbers in answers (through LedgerApi)", () => {
  it("keeps a collection record's big integers and long decimals digit for digit", async () => {
    const { api, fake } = harness();
    fake.reply({
      status: 200,
      body:
        '{"status":true,"message":"ok","last_id":null,"keyset":"","data":[' +
        '{"id":"inv-1","count":9007199254740993,"big":12345678901234567890,' +
        '"ratio":0.1000000000000000055511151231257827,"small":1.50,"zero":-0}]}',
    });
    const page = await api.listCollectionPage("/invoices");
    expect(page.data[0]).toEqual({
      id: "inv-1",
      count: new JsonNumber("9007199254740993"),
      big: new JsonNumber("12345678901234567890"),
      ratio: new JsonNumber("0.1000000000000000055511151231257827"),
      small: 1.5,
      zero: -0,
    });
  });

  it("tells records apart by their exact numeric ids", async () => {
    const { api, fake } = harness();
    fake.reply({
      status: 200,
      body:
        '{"status":true,"message":"ok","last_id":null,"keyset":"",' +
        '"data":[{"id":9007199254740993},{"id":9007199254740992}]}',
    });
    const pages = [];
    for await (const page of iterateCollection(api, "/invoices")) pages.push(page);
    // JSON.parse would make both ids 9007199254740992, and the walk would stop as a loop.
    expect(pages[0]?.data).toHaveLength(2);
  });

  it("keeps payments' any-JSON fields and a numeric cursor exactly, and does not round the cursor into a request", async () => {
    const { api, fake } = harness();
    const payment = JSON.stringify(paymentJson()).replace(/}$/, ',"staff_id":9007199254740993}');
    fake.reply({
      status: 200,
      body:
        `{"data":[${payment}],"page":1,"count":2,"pages":2,"status":true,"message":"ok",` +
        '"last_id":12345678901234567890,"keyset":9007199254740993}',
    });
    const batches = [];
    for await (const batch of iteratePayments(api)) batches.push(batch);
    const page = batches[0]!.page;
    expect(page.data[0]?.staff_id).toEqual(new JsonNumber("9007199254740993"));
    expect(page.rawLastId).toEqual(new JsonNumber("12345678901234567890"));
    expect(page.rawKeyset).toEqual(new JsonNumber("9007199254740993"));
    // Not strings, so not a cursor the client sends back: the walk stops there, not with a
    // rounded number.
    expect(fake.requests).toHaveLength(1);
    expect(batches[0]).toMatchObject({ last: true, complete: false });
  });

  it("leaves the money path as the contract has it: an amount must be a decimal string, and the complaint shows the exact digits", async () => {
    const { api, fake } = harness();
    const payment = JSON.stringify(paymentJson()).replace(
      /"amount":"[^"]*"/,
      '"amount":12345678901234567.89',
    );
    fake.reply({
      status: 200,
      body: `{"data":[${payment}],"page":1,"count":1,"pages":1,"status":true,"message":"ok"}`,
    });
    const error = await failureOf(api.listPayments());
    expect(error.kind).toBe("malformed-response");
    expect(error.message).toContain(
      "data[0].amount: expected a decimal string, got 12345678901234567.89",
    );
  });
});
