// boot.js: the page's first script. It starts the engine (Python in its worker) at once, while
// the rest of the page's scripts load; app.js takes the engine from here.

import { startEngine } from "./engine.js";

export const engineStarting = startEngine();
engineStarting.catch(() => {}); // app.js reports a failed start when it awaits it
