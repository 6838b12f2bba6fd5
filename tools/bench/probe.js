// probe.js: what tools/bench.py injects into every page it measures, as a
// Playwright init script (it runs before the page's own scripts, and the
// page's CSP does not apply to it). Everything lives in window.benchProbe.
//
// - readyAt: performance.now() (ms since navigation start) when
//   <html data-ready> became "true", caught by a MutationObserver; the game
//   does not record that moment itself.
// - settle(): waits for the page's service worker, if it registers one, to be
//   installed and activated (navigator.serviceWorker.register is wrapped, not
//   changed, to see the call).
// - Latency helpers for the game page: tap(pile) and key(init) dispatch the
//   input the UI listens to (static/input.js) and time it with the page's own
//   clock: "dom" from just before dispatching to the moment the engine's
//   answer is drawn (the board drops its aria-busy, which the page sets while
//   it waits for the engine's worker; at once for input that needs no answer,
//   such as picking a card up), "frame" until the next animation frame has
//   run its rendering steps (a task posted from requestAnimationFrame).
// - recordRealInput() / nextRealInput(): timings of trusted input sent by
//   Playwright (mouse, keyboard), from the event's timeStamp (when the browser
//   received it) to the moment its answer is drawn, as above; a pointerup, or
//   a keydown other than a lone modifier key.
// - longTasks: every main-thread task over 50 ms (PerformanceObserver
//   "longtask", from the start), with firstPaint to tell those after it.
// - firstCardAt: when the first card ([data-card]) was on screen: the end of
//   the frame that first rendered one (the game, and the floor page's inline SVG);
//   clickAt: when the first trusted click on the page came (its timeStamp), and
//   answeredAt: the end of the frame that first showed the cards changed after it
//   (the click's answer drawn).

(() => {
  const probe = { readyAt: null };
  window.benchProbe = probe;

  new MutationObserver(() => {
    if (probe.readyAt === null && document.documentElement?.dataset.ready === "true") {
      probe.readyAt = performance.now();
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-ready"] });

  probe.firstCardAt = null;
  probe.clickAt = null;
  probe.answeredAt = null;
  /** performance.now() once the frame that renders what is in the DOM now has been rendered. */
  const afterFrame = () =>
    new Promise((resolve) => {
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve(performance.now());
        channel.port2.postMessage(null);
      });
    });
  let cardSeen = false;
  let clicked = null; // the cards when the first trusted click came
  let answered = false;
  const cardsNow = () => [...document.querySelectorAll("[data-card]")].map((card) => `${card.dataset.pile}:${card.dataset.index}:${card.dataset.card}`).sort().join(" ");
  new MutationObserver(() => {
    if (!cardSeen && document.querySelector("[data-card]")) {
      cardSeen = true;
      afterFrame().then((time) => (probe.firstCardAt = time));
    }
    if (clicked !== null && !answered && cardsNow() !== clicked) {
      answered = true;
      afterFrame().then((time) => (probe.answeredAt = time));
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-card", "data-pile", "data-index"] });
  window.addEventListener(
    "pointerdown",
    (event) => {
      if (!event.isTrusted || probe.clickAt !== null) return;
      probe.clickAt = event.timeStamp;
      clicked = cardsNow();
    },
    true,
  );

  probe.longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) probe.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: "longtask", buffered: true });
  probe.firstPaint = () => performance.getEntriesByName("first-paint")[0]?.startTime ?? null;

  /** Resolves to performance.now() once the board is not aria-busy: the engine's answer is drawn. */
  probe.answered = () =>
    new Promise((resolve) => {
      const board = document.getElementById("board");
      if (!board.hasAttribute("aria-busy")) {
        resolve(performance.now());
        return;
      }
      const observer = new MutationObserver(() => {
        if (board.hasAttribute("aria-busy")) return;
        observer.disconnect();
        resolve(performance.now());
      });
      observer.observe(board, { attributes: true, attributeFilter: ["aria-busy"] });
    });

  /** Resolves to performance.now() once the next frame has been rendered. */
  probe.nextFrame = () =>
    new Promise((resolve) => {
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve(performance.now());
        channel.port2.postMessage(null);
      });
    });

  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  // Remember the page's service-worker registration (the call is passed on unchanged).
  if ("serviceWorker" in navigator) {
    const register = ServiceWorkerContainer.prototype.register;
    ServiceWorkerContainer.prototype.register = function (...args) {
      probe.registration = register.apply(this, args);
      return probe.registration;
    };
  }

  /** Resolves once `worker` is activated ("active") or has failed ("install failed"). */
  const activation = (worker) =>
    new Promise((resolve) => {
      const check = () => {
        if (worker.state === "activated") resolve("active");
        else if (worker.state === "redundant") resolve("install failed");
      };
      worker.addEventListener("statechange", check);
      check();
    });

  /**
   * If the page registers a service worker within `graceMs`, wait for it to
   * be installed and activated (its precache done), so that it does not
   * compete with what is measured next and the next visit can use it.
   * Resolves to "none", "registration failed", "install failed", "active",
   * or "not active" (still installing after timeoutMs).
   */
  probe.settle = async (graceMs, timeoutMs) => {
    const graceEnd = performance.now() + graceMs;
    while (!probe.registration && performance.now() < graceEnd) await sleep(50);
    if (!probe.registration) return "none";
    const timeout = sleep(timeoutMs).then(() => "not active");
    const registration = await Promise.race([probe.registration.catch(() => null), timeout]);
    if (registration === null) return "registration failed";
    if (typeof registration === "string") return registration;
    const worker = registration.installing ?? registration.waiting ?? registration.active;
    return worker ? Promise.race([activation(worker), timeout]) : "install failed";
  };

  const cardsOf = (pile) =>
    [...document.querySelectorAll(`[data-card][data-pile="${pile}"]`)].sort(
      (a, b) => Number(a.dataset.index) - Number(b.dataset.index),
    );

  /** The element a click on `pile` aims at: its top card, else its empty slot. */
  const topOf = (pile) => cardsOf(pile).at(-1) ?? document.querySelector(`.slot[data-pile="${pile}"]`);

  const centre = (element) => {
    const box = element.getBoundingClientRect();
    return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
  };

  const pileAt = ({ x, y }) => document.elementFromPoint(x, y)?.closest("[data-pile]")?.dataset.pile ?? null;

  /** Every card's pile and face, in document order: changes when a move changes the table. */
  const signature = () =>
    [...document.querySelectorAll("[data-card]")].map((card) => `${card.dataset.pile}:${card.dataset.card}`).join(" ");

  /** The piles lit as legal destinations of the picked card. */
  const dropTargets = () => [...document.querySelectorAll(".drop-target")].map((rect) => pileAt(centre(rect)));

  probe.centreOf = (pile) => centre(topOf(pile));

  /** Counts and top cards of the piles, for the player in bench.py. */
  probe.state = () => {
    const pile = (name) => {
      const cards = cardsOf(name);
      const top = cards.at(-1);
      return { pile: name, count: cards.length, card: top?.dataset.card ?? null, movable: Boolean(top?.classList.contains("movable")) };
    };
    const names = [...document.querySelectorAll(".slot[data-pile]")].map((slot) => slot.dataset.pile);
    return {
      stock: pile("stock"),
      waste: pile("waste"),
      tableau: names.filter((name) => name.startsWith("tableau-")).map(pile),
      dialogOpen: document.querySelector("dialog[open]") !== null,
    };
  };

  async function measure(dispatch) {
    const board = document.getElementById("board");
    let redrawn = false; // anything on the board changed but its aria-busy
    const notice = (records) => (redrawn ||= records.some((record) => record.attributeName !== "aria-busy"));
    const changes = new MutationObserver(notice);
    changes.observe(board, { subtree: true, childList: true, attributes: true });
    const cardsBefore = signature();
    const t0 = performance.now();
    dispatch();
    const t1 = await probe.answered();
    notice(changes.takeRecords());
    changes.disconnect();
    const t2 = await probe.nextFrame();
    return { dom: t1 - t0, frame: t2 - t0, redrawn, moved: signature() !== cardsBefore, targets: dropTargets() };
  }

  /** Click (pointerdown + pointerup) where a real click on `pile` would land. */
  probe.tap = (pile) => {
    const point = centre(topOf(pile));
    const hit = document.elementFromPoint(point.x, point.y);
    const hitPile = hit?.closest("[data-pile]")?.dataset.pile;
    if (hitPile !== pile) {
      return { error: `a click on ${pile} would land on ${hitPile ?? hit?.tagName ?? "nothing"}` };
    }
    const init = {
      bubbles: true, cancelable: true, composed: true, pointerId: 1, pointerType: "mouse",
      isPrimary: true, button: 0, clientX: point.x, clientY: point.y,
    };
    return measure(() => {
      hit.dispatchEvent(new PointerEvent("pointerdown", { ...init, buttons: 1 }));
      hit.dispatchEvent(new PointerEvent("pointerup", { ...init, buttons: 0 }));
    });
  };

  /** A keydown on the page (the UI listens on document), e.g. {key: "z", ctrlKey: true}. */
  probe.key = (init) =>
    measure(() => document.body.dispatchEvent(new KeyboardEvent("keydown", { bubbles: true, cancelable: true, ...init })));

  // -- trusted input from Playwright ------------------------------------------

  let realInput = null; // {entries, waiting, cardsBefore} while recording
  const REAL_TYPES = ["pointerup", "keydown"];

  probe.recordRealInput = () => {
    realInput = { entries: [], waiting: null, cardsBefore: null };
  };

  const MODIFIERS = new Set(["Control", "Shift", "Alt", "Meta"]);
  const recorded = (event) => realInput !== null && !MODIFIERS.has(event.key);

  for (const type of REAL_TYPES) {
    // Capture on window runs before the page's handlers, bubbling on window after them.
    window.addEventListener(type, (event) => recorded(event) && (realInput.cardsBefore = signature()), true);
    window.addEventListener(type, (event) => {
      if (!recorded(event)) return;
      const cardsBefore = realInput.cardsBefore;
      const entry = { type, start: event.timeStamp, dom: null, frame: null, moved: null };
      entry.done = probe.answered().then(async (dom) => {
        entry.dom = dom;
        entry.moved = signature() !== cardsBefore;
        entry.frame = await probe.nextFrame();
        return entry;
      });
      realInput.entries.push(entry);
      realInput.waiting?.();
    });
  }

  /** The oldest recorded trusted input, once its frame has been rendered ({error} after 5 s without one). */
  probe.nextRealInput = async () => {
    const deadline = performance.now() + 5000;
    while (realInput.entries.length === 0) {
      const left = deadline - performance.now();
      if (left <= 0) return { error: "the input never reached the page" };
      await new Promise((resolve) => {
        realInput.waiting = resolve;
        setTimeout(resolve, left);
      });
    }
    const { type, start, dom, frame, moved } = await realInput.entries.shift().done;
    return { type, dom: dom - start, frame: frame - start, moved };
  };
})();
