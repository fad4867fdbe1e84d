// The server's API and its live news, as the page uses them.
// Seat tokens go in the X-Seat-Token header, never in a URL the server logs.

export class ApiError extends Error {
  constructor(status, detail) {
    super(detail);
    this.status = status;
  }
}

export async function api(path, { method = "GET", body, token } = {}) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["X-Seat-Token"] = token;
  const res = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data = null;
  try {
    data = await res.json();
  } catch {
    data = null;
  }
  if (!res.ok) {
    let detail = data && data.detail;
    if (Array.isArray(detail)) detail = detail.map((d) => d.msg || JSON.stringify(d)).join("; ");
    throw new ApiError(res.status, detail || res.statusText);
  }
  return data;
}

// Live news of one match. Calls onNews(message) for every change and onStatus(bool)
// when the connection comes and goes; reconnects by itself, and the first message after
// a (re)connection is the current step, so the page always catches up.
export function live(matchId, token, onNews, onStatus) {
  let ws = null;
  let closed = false;
  let delay = 250;
  const open = () => {
    if (closed) return;
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    ws = new WebSocket(`${proto}//${location.host}/api/matches/${matchId}/live`);
    ws.onopen = () => {
      ws.send(JSON.stringify({ token: token || null }));
      delay = 250;
      onStatus(true);
    };
    ws.onmessage = (ev) => {
      const msg = JSON.parse(ev.data);
      if (msg.type === "error") {
        closed = true;
        onStatus(false, msg.detail);
        return;
      }
      onNews(msg);
    };
    ws.onclose = () => {
      onStatus(false);
      if (!closed) {
        setTimeout(open, delay);
        delay = Math.min(delay * 2, 2000);
      }
    };
  };
  open();
  return {
    close() {
      closed = true;
      if (ws) ws.close();
    },
  };
}

// Tokens this browser holds, per match: kept in localStorage so "your matches" survive a reload.
const KEY = "warroom.matches";

export function savedMatches() {
  try {
    return JSON.parse(localStorage.getItem(KEY) || "{}");
  } catch {
    return {};
  }
}

export function saveMatch(id, info) {
  const all = savedMatches();
  all[id] = { ...(all[id] || {}), ...info, saved: Date.now() };
  localStorage.setItem(KEY, JSON.stringify(all));
}
