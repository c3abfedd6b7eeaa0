"use strict";
// The page that creates a table: the host's choices, sent as one JSON request.
(function () {
  const gamesBox = document.getElementById("games");  // pot games: friends against each other
  const houseBox = document.getElementById("house-games");  // games against the house
  const error = document.getElementById("error");
  const allGames = () => [...gamesBox.querySelectorAll("label"), ...houseBox.querySelectorAll("label")];

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

  function addGame(g, checked) {
    const label = document.createElement("label");
    label.className = "game";
    const box = document.createElement("input");
    box.type = "checkbox";
    box.name = "game";
    box.value = g.name;
    box.checked = !!checked;
    label.appendChild(box);
    label.appendChild(document.createTextNode(` ${g.title} (${g.name})`));
    (g.banked ? houseBox : gamesBox).appendChild(label);
  }

  fetch("/api/games").then((r) => r.json()).then((games) => {
    document.getElementById("games-status").textContent = "";
    for (const g of games) addGame(g, false);
  });

  // uploading a variant file: only where the server allows it
  fetch("/api/settings").then((r) => r.json()).then((settings) => {
    document.getElementById("upload").hidden = !settings.uploads;
  });
  document.getElementById("upload-button").addEventListener("click", async () => {
    const out = document.getElementById("upload-result");
    const file = document.getElementById("variant-file").files[0];
    if (!file) { out.textContent = "Choose a file first."; return; }
    const r = await fetch("/api/variants", {method: "POST", headers: {"Content-Type": "text/yaml"}, body: await file.text()});
    const data = await r.json();
    if (!r.ok) { out.textContent = data.error; return; }
    addGame(data, true);
    out.textContent = `${data.title} (${data.name}) is one of the games now.`;
  });

  document.getElementById("filter").addEventListener("input", (e) => {
    const q = e.target.value.toLowerCase();
    for (const label of allGames()) {
      label.hidden = q !== "" && !label.textContent.toLowerCase().includes(q);
    }
  });

  document.getElementById("create").addEventListener("submit", async (e) => {
    e.preventDefault();
    error.textContent = "";
    let body;
    try {
      const variants = allGames().map((l) => l.querySelector("input")).filter((b) => b.checked).map((b) => b.value);
      if (!variants.length) throw new Error("choose at least one game");
      body = {
        host: document.getElementById("host").value.trim(),
        variants,
        rotate: document.querySelector("input[name=rotate]:checked").value,
        seats: parseInt(document.getElementById("seats").value, 10),
        buy_in: parseInt(document.getElementById("buy_in").value, 10),
        timeout: parseFloat(document.getElementById("timeout").value),
        stakes: pairs(document.getElementById("stakes").value, true),
        options: pairs(document.getElementById("options").value, false),
      };
    } catch (err) {
      error.textContent = err.message;
      return;
    }
    const r = await fetch("/api/tables", {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
    const data = await r.json();
    if (!r.ok) {
      error.textContent = data.error;
      return;
    }
    localStorage.setItem("studrules-token-" + data.table, data.token);
    location.href = data.link;
  });
})();
