// challenge.js: the address bar, which names the deal on the table, and a challenge the
// address brought (a won game's moves), believed only once Python has replayed it.

import { notify } from "./bar.js";
import { t } from "./i18n.js";
import { $, send, state } from "./session.js";
import { dealUrl } from "./url.js";

/** @typedef {import("../types/protocol").View} View */

/** The address bar names the deal on the table (and a challenge of it), so a reload shows it again.
 *  A set-up position (tests) has no address: its page keeps its own. */
export function showAddress() {
  const view = state.view;
  if (!view || view.save?.layout) return;
  const challenge = challengeFor(view);
  const url = dealUrl(view, challenge?.claimed ?? null, location.href, Boolean(challenge?.assisted));
  if (url !== location.href) history.replaceState(null, "", url);
}

/** The verified challenge of this deal, if the address brought one.
 * @param {View} view
 */
export function challengeFor(view) {
  const challenge = state.challenge;
  if (!challenge || challenge.game !== view.game || JSON.stringify(challenge.options) !== JSON.stringify(view.options)) return null;
  return (challenge.daily ?? challenge.deal) === (view.daily ?? view.deal) ? challenge : null;
}

/** Replay a challenge's moves in Python; nothing from the link is believed before that. */
export async function checkChallenge(request) {
  const claim = { game: state.view.game, options: state.view.options, moves: request.challenge };
  if (state.view.daily) claim.daily = state.view.daily;
  else claim.deal = state.view.deal;
  const answer = await send({ type: "verify", ...claim });
  if (answer.ok === false) {
    notify(t("challenge.bad", { error: answer.error }));
  } else if (!answer.won) {
    notify(t("challenge.notWon"));
  } else {
    state.challenge = { ...claim, claimed: request.challenge, moves: answer.moves, score: answer.score, assisted: request.assisted };
    showAddress();
    const score = answer.score === null ? "" : t("challenge.score", { score: answer.score });
    const banner = t("challenge.banner", { moves: answer.moves, score });
    $("challenge").textContent = request.assisted ? t("challenge.assisted", { banner }) : banner;
    $("challenge").hidden = false;
  }
}
