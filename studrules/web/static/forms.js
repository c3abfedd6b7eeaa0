"use strict";
// What the page that creates a table and the host's panel at the table share:
// the games to pick from, the 'name=value, ...' fields of stakes and options, and the rebuys.
window.studrulesForms = (function () {
  // 'low_limit=10, ante=5' -> {low_limit: 10, ante: 5} (numbers: whole numbers only)
  function pairs(text, numbers) {
    const out = {};
    for (const part of text.split(",")) {
      const item = part.trim();
      if (!item) continue;
      const eq = item.indexOf("=");
      if (eq < 1) throw new Error(`'${item}' is not name=value`);
      const key = item.slice(0, eq).trim();
      const value = item.slice(eq + 1).trim();
      if (numbers) {
        if (!/^\d+$/.test(value)) throw new Error(`the stake ${key} is a whole number, not '${value}'`);
        out[key] = parseInt(value, 10);
      } else {
        out[key] = value;
      }
    }
    return out;
  }

  // {low_limit: 10, ante: 5} -> 'low_limit=10, ante=5'
  function pairsText(map) {
    return Object.entries(map || {}).map(([k, v]) => `${k}=${v}`).join(", ");
  }

  // a labelled checkbox of one game in the box of games
  function addGame(box, g, checked) {
    const label = document.createElement("label");
    label.className = "game";
    const input = document.createElement("input");
    input.type = "checkbox";
    input.name = "game";
    input.value = g.name;
    input.checked = !!checked;
    label.appendChild(input);
    label.appendChild(document.createTextNode(` ${g.title} (${g.name})`));
    box.appendChild(label);
  }

  // the field that finds a game in the boxes of games: the games whose words do not match are hidden
  function filter(field, ...boxes) {
    field.addEventListener("input", () => {
      const q = field.value.toLowerCase();
      for (const box of boxes) {
        for (const label of box.querySelectorAll("label")) {
          label.hidden = q !== "" && !label.textContent.toLowerCase().includes(q);
        }
      }
    });
  }

  // the rebuys' radio buttons (named `name`: none, limit, unlimited) and the limit's field (id `field`)
  // -> {rebuys, rebuy_limit} (not allowed: the limit stays as it was)
  function rebuys(name, field) {
    const choice = document.querySelector(`input[name=${name}]:checked`).value;
    if (choice === "none") return {rebuys: false};
    if (choice === "unlimited") return {rebuys: true, rebuy_limit: null};
    const text = document.getElementById(field).value.trim();
    const n = /^\d+$/.test(text) ? parseInt(text, 10) : NaN;
    if (!(n >= 1 && n <= 1000)) throw new Error(`the rebuys a player: a whole number from 1 to 1000, not '${text}'`);
    return {rebuys: true, rebuy_limit: n};
  }

  // the table's rebuys put back in the radio buttons and the field
  function fillRebuys(name, field, c) {
    const choice = !c.rebuys ? "none" : c.rebuy_limit === null ? "unlimited" : "limit";
    for (const r of document.querySelectorAll(`input[name=${name}]`)) r.checked = r.value === choice;
    document.getElementById(field).value = c.rebuy_limit === null ? 3 : c.rebuy_limit;
  }

  // the table's rebuys in words
  function rebuysWords(c) {
    return !c.rebuys ? "not allowed" : c.rebuy_limit === null ? "unlimited" : `up to ${c.rebuy_limit} a player`;
  }

  // a POST's answer as {ok, data}: a server's JSON, or, where it answers otherwise (a proxy's
  // page, a server at its limit) or not at all, an error the page can show
  async function post(url, body, type = "application/json") {
    let r;
    try {
      r = await fetch(url, {method: "POST", headers: {"Content-Type": type}, body});
    } catch (err) {
      return {ok: false, data: {error: "the server cannot be reached: try again in a moment"}};
    }
    try {
      return {ok: r.ok, data: await r.json()};
    } catch (err) {
      return {ok: false, data: {error: `the server answered ${r.status} ${r.statusText}: try again in a moment`}};
    }
  }

  return {pairs, pairsText, addGame, filter, rebuys, fillRebuys, rebuysWords, post};
})();
