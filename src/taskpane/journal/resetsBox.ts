// The box asking before a send that would change what the user did not edit (the tax amounts an
// update cannot carry): the question, what would change, Send anyway or Don't send.
import { requireElement, setShown } from "../shared/pageElements";

export interface ResetsBox {
  /** Asks `question`, listing what sending would change. */
  show(question: string, resets: readonly string[]): void;
  hide(): void;
  readonly sendAnyway: HTMLButtonElement;
}

/** `closed` hears Don't send (the box closes; nothing is sent). */
export function mountResetsBox(root: Document, closed: () => void): ResetsBox {
  const box = requireElement(root, "journal-resets", HTMLElement);
  const message = requireElement(root, "journal-resets-message", HTMLElement);
  const listBox = requireElement(root, "journal-resets-list-box", HTMLElement);
  const list = requireElement(root, "journal-resets-list", HTMLUListElement);
  const sendAnyway = requireElement(root, "journal-resets-send", HTMLButtonElement);
  const keep = requireElement(root, "journal-resets-keep", HTMLButtonElement);

  const hide = (): void => {
    setShown(box, false);
    message.textContent = "";
    list.replaceChildren();
  };
  keep.addEventListener("click", () => {
    hide();
    closed();
  });
  return {
    show: (question, resets) => {
      message.textContent = question;
      list.replaceChildren(
        ...resets.map((text) => {
          const item = root.createElement("li");
          item.textContent = text;
          return item;
        }),
      );
      setShown(listBox, resets.length > 0);
      setShown(box, true);
    },
    hide,
    sendAnyway,
  };
}
