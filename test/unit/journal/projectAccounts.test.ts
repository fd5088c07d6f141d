import { accountsOfProject } from "../../../src/journal/projectAccounts";

const rent = { accountId: "acc-rent", accountCode: "6000", accountName: "Rent Expense" };
const cash = { accountId: "acc-cash", accountCode: "1000", accountName: "Cash at Bank" };
const wages = { accountId: "acc-wages", accountCode: "600", accountName: "Wages" };

describe("projectAccounts.ts", () => {
  describe("accountsOfProject()", () => {
    it("lists the accounts of the project's journals only, each once, by code", () => {
      const journals = [
        { project: "demo-company", accounts: [rent, cash] },
        { project: "other-company", accounts: [wages] },
        { project: "Demo-Company", accounts: [rent] },
      ];
      expect(accountsOfProject(journals, "demo-company")).toEqual([cash, rent]);
      expect(accountsOfProject(journals, "other-company")).toEqual([wages]);
    });

    it("takes a workbook without projects as one project, and never mixes it with a named one", () => {
      const journals = [{ accounts: [rent] }, { project: "demo-company", accounts: [cash] }];
      expect(accountsOfProject(journals, undefined)).toEqual([rent]);
      expect(accountsOfProject(journals, "demo-company")).toEqual([cash]);
    });
  });
});
