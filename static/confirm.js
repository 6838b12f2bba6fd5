// confirm.js: the question asked before an action that loses something (the confirm dialog).

import { t } from "./i18n.js";
import { underWay } from "./saves.js";
import { $, state } from "./session.js";

/** Is the game on the table under way (something to lose)? */
export const inProgress = () => Boolean(state.view) && underWay(state.view);

/** Ask before an action that loses something; the new-game question unless told otherwise.
 *  `texts` may give title, text (with params), ok and cancel, and `review` (offer the review
 *  of the game first); `otherwise` runs on cancel. */
export function confirmThen(action, texts = null, always = false, otherwise = null) {
  if (!always && !inProgress()) return action();
  const dialog = $("confirm");
  const params = texts?.params ?? {};
  $("confirm-title").textContent = t(texts?.title ?? "confirm.title", params);
  $("confirm-text").textContent = t(texts?.text ?? "confirm.text", params);
  $("confirm-ok").textContent = t(texts?.ok ?? "confirm.ok", params);
  $("confirm-cancel").textContent = t(texts?.cancel ?? "confirm.keep", params);
  // Giving a game up (or restarting it): the player may first see where it was lost.
  $("confirm-review").hidden = !texts?.review;
  dialog.returnValue = "";
  dialog.showModal();
  dialog.addEventListener(
    "close",
    () => {
      if (dialog.returnValue === "ok") action();
      else if (dialog.returnValue === "review") state.openReview?.();
      else otherwise?.();
    },
    { once: true },
  );
  return undefined;
}
