"use strict";
// What the page that creates a table and the host's panel at the table share:
// the games to pick from, and the 'name=value, ...' fields of stakes and options.
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

  return {pairs, pairsText, addGame, filter};
})();
