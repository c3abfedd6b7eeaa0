"use strict";
// The page that creates a table: the host's choices, sent as one JSON request.
(function () {
  const gamesBox = document.getElementById("games");  // pot games: friends against each other
  const houseBox = document.getElementById("house-games");  // games against the house
  const error = document.getElementById("error");
  const allGames = () => [...gamesBox.querySelectorAll("label"), ...houseBox.querySelectorAll("label")];

  const {pairs, filter, rebuys, post} = window.studrulesForms;
  // pot games in one box, games against the house in the other
  const addGame = (g, checked) => window.studrulesForms.addGame(g.banked ? houseBox : gamesBox, g, checked);

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
    const {ok, data} = await post("/api/variants", await file.text(), "text/yaml");
    if (!ok) { out.textContent = data.error; return; }
    addGame(data, true);
    out.textContent = `${data.title} (${data.name}) is one of the games now.`;
  });

  filter(document.getElementById("filter"), gamesBox, houseBox);

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
        ...rebuys("rebuys", "rebuy_limit"),
      };
    } catch (err) {
      error.textContent = err.message;
      return;
    }
    const {ok, data} = await post("/api/tables", JSON.stringify(body));
    if (!ok) {
      error.textContent = data.error;
      return;
    }
    localStorage.setItem("studrules-token-" + data.table, data.token);
    location.href = data.link;
  });
})();
