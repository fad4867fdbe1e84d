// The page: the lobby at /, a match at /g/<id> (seat tokens in the #fragment).
import { lobby } from "./lobby.js";
import { gamePage } from "./game.js";

const root = document.getElementById("app");
const m = location.pathname.match(/^\/g\/([A-Za-z0-9]+)\/?$/);
if (m) {
  gamePage(root, m[1]);
} else {
  lobby(root);
}
