// What calls you back to the table: the page's title (each table's own, and "Your turn" in
// front of it when it is yours), a short tone and a vibration on phones, each turned off or on
// in this browser (localStorage). The host's page calls ``alert`` for seat and chip requests.
import { el } from "./api.js";

const SETTINGS = [
  ["title", "your turn in the page's title", true],
  ["sound", "a sound on your turn and on requests", false],
  ["vibrate", "vibration on phones", true],
];
const key = (name) => `pokernight-alert-${name}`;

export function alertOn(name) {
  const kept = localStorage.getItem(key(name));
  return kept === null ? SETTINGS.find(([n]) => n === name)[2] : kept === "1";
}

// The alert settings, as check boxes that keep their choice in this browser.
export function alertSettings() {
  return el("fieldset", { class: "alerts", id: "alert-settings" },
    el("legend", {}, "Alerts"),
    SETTINGS.map(([name, words]) => {
      const box = el("input", { type: "checkbox", id: `alert-${name}`, checked: alertOn(name) ? "" : null });
      box.addEventListener("change", () => localStorage.setItem(key(name), box.checked ? "1" : "0"));
      return el("label", { class: "toggle" }, box, ` ${words}`);
    }));
}

let audio = null;

// A short two-note tone made here (no sound file is fetched).
function tone() {
  try {
    audio = audio || new AudioContext();
    const now = audio.currentTime;
    [660, 880].forEach((pitch, i) => {
      const note = audio.createOscillator();
      const gain = audio.createGain();
      note.frequency.value = pitch;
      gain.gain.setValueAtTime(0.15, now + i * 0.15);
      gain.gain.exponentialRampToValueAtTime(0.001, now + i * 0.15 + 0.14);
      note.connect(gain).connect(audio.destination);
      note.start(now + i * 0.15);
      note.stop(now + i * 0.15 + 0.15);
    });
    window.pokernightTones = (window.pokernightTones || 0) + 1; // counted, for the tests
  } catch {
    // no audio here (a browser that refuses it before a click): the title and vibration remain
  }
}

// Sound and vibration, as chosen: something needs you.
export function alert() {
  if (alertOn("sound")) tone();
  if (alertOn("vibrate") && navigator.vibrate) navigator.vibrate([150, 80, 150]);
}

let yours = false;
let called = null; // the turn last called
let base = null;
let asking = null; // the host's requests waiting, in words (null: none)

function retitle() {
  const news = alertOn("title") ? [asking, yours ? "Your turn" : null].filter(Boolean) : [];
  const wanted = base === null ? "pokernight" : `${news.length ? `● ${news.join(" · ")} · ` : ""}${base} · pokernight`;
  if (document.title !== wanted) document.title = wanted;
}

// The page's title for a table (``title``; null: the page left the table), with "Your turn"
// in front while it is yours (``turn``: the turn's key, null: not yours); sound and vibration
// once for each new turn of yours.
export function turnAlert(turn, title) {
  base = title;
  if (turn !== null && turn !== called) alert();
  called = turn;
  yours = turn !== null;
  if (title === null) asking = null;
  retitle();
}

// Requests waiting for the host (a seat, chips), in words: sound and vibration when ``fresh``
// ones came, and the title says so until they are answered (null: none waiting).
export function hostAlert(words, fresh) {
  if (fresh) alert();
  asking = words;
  retitle();
}
