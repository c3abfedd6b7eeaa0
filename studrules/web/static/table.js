"use strict";
// The table's page: one WebSocket to the server, which sends this seat's own
// state after every change; this page only draws it and sends what the
// player chooses. The server checks everything.
(function () {
  const tableId = location.pathname.split("/").pop();
  const watching = location.pathname.startsWith("/w/");  // the spectators' link: the public view only
  const tokenKey = "studrules-token-" + tableId;
  const $ = (id) => document.getElementById(id);
  let socket = null;
  let state = null;
  let shownEvents = 0;
  let shownHand = null;
  // the hand, its events and legal actions the action controls were drawn for: a state that
  // changes none of them (a chat line, a join) leaves them as the player left them, an amount
  // being typed and cards ticked included
  let shownActions = null;
  // why the page stopped connecting (its seat is open on a newer page; no such table), if it did
  let closedFor = null;
  let deadline = null;
  let retry = 500;
  let lastAnnouncement = null;
  let sentSettings = null;  // the host's change sent, until the table takes it or refuses it

  const RANKS = {A: "ace", K: "king", Q: "queen", J: "jack", T: "ten", 9: "nine", 8: "eight", 7: "seven", 6: "six", 5: "five", 4: "four", 3: "three", 2: "two"};
  const SUITS = {c: ["♣", "clubs"], d: ["♦", "diamonds"], h: ["♥", "hearts"], s: ["♠", "spades"]};

  function cardEl(text, face) {
    const span = document.createElement("span");
    span.className = "card";
    if (!text) {
      span.classList.add("back");
      span.textContent = "🂠";
      span.setAttribute("aria-label", "a face-down card");
      span.setAttribute("role", "img");
      return span;
    }
    const rank = text[0], suit = text[1];
    if (SUITS[suit]) {
      span.textContent = (rank === "T" ? "10" : rank) + SUITS[suit][0];
      span.setAttribute("aria-label", `${RANKS[rank] || rank} of ${SUITS[suit][1]}${face === "down" ? ", face down" : ""}`);
      if (suit === "d" || suit === "h") span.classList.add("red");
    } else {
      span.textContent = text;
      span.setAttribute("aria-label", text.startsWith("X") ? "joker" : text);
    }
    span.setAttribute("role", "img");
    span.dataset.card = text;
    if (face === "down") span.classList.add("down");
    return span;
  }

  function send(message) {
    // an action names the turn this page showed: a second click, or one made before the page
    // caught up with the table, is refused rather than played at a later turn
    if (message.type === "act" && state && state.turn) message = Object.assign({turn: state.turn}, message);
    if (!socket || socket.readyState !== WebSocket.OPEN) return;
    socket.send(JSON.stringify(message));
    if (message.type === "act") holdActions(true);  // (until the table answers: one click, one action)
  }

  // the action controls once one is sent: off until the table's next view redraws them, or on
  // again when the table refuses it (the player may choose again)
  function holdActions(held) {
    for (const el of $("actions").querySelectorAll("button, input")) el.disabled = held;
    $("actions").setAttribute("aria-busy", held ? "true" : "false");
  }

  function connect() {
    // without a seat (or at the spectators' link) the page watches the table: what every seat sees
    const token = watching ? null : localStorage.getItem(tokenKey);
    $("join").hidden = watching || !!token;
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = socket = new WebSocket(`${proto}://${location.host}/ws/${tableId}`);
    socket.addEventListener("open", () => {
      retry = 500;
      shownActions = null;  // (the actions drawn afresh from the first view: one sent before a drop may be lost)
      ws.send(JSON.stringify(token ? {type: "hello", token} : {type: "watch"}));
    });
    socket.addEventListener("message", (e) => {
      if (ws !== socket) return;  // replaced (he sat down): a late message of the old one would undo the new view
      const msg = JSON.parse(e.data);
      if (msg.type === "error") {
        $("error").textContent = msg.message;
        if (!msg.refused || msg.refused === "act") holdActions(false);  // (none: the message itself was refused)
        if (sentSettings) { sentSettings = null; $("settings-status").textContent = "Nothing changed."; }
        if (/no seat at this table has that token/.test(msg.message)) {
          localStorage.removeItem(tokenKey);
        }
        return;
      }
      if (msg.type === "state") {
        $("error").textContent = "";
        if (token && !msg.you) {  // he stood up (or a bot took his seat): he watches now
          localStorage.removeItem(tokenKey);
          $("join").hidden = watching;
        }
        draw(msg);
      }
    });
    socket.addEventListener("close", (e) => {
      if (ws !== socket) return;  // replaced (he sat down): the new socket is the page's
      // the seat opened on a newer page, or no such table: connecting again would only knock
      // the newer page off in turn (and it this one), or ask for nothing
      if (e.code === 4409) closedFor = "This seat is open on a newer page: reload this one to play here.";
      if (e.code === 4404) closedFor = "There is no such table (it may have ended).";
      if (closedFor) { $("status").textContent = closedFor; $("timer").textContent = ""; return; }
      $("status").textContent = "Connection lost: reconnecting…";
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 5000);
    });
  }

  $("join-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const {ok, data} = await window.studrulesForms.post(`/api/tables/${tableId}/join`, JSON.stringify({name: $("name").value.trim()}));
    if (!ok) { $("error").textContent = data.error; return; }
    localStorage.setItem(tokenKey, data.token);
    const old = socket;
    connect();
    if (old) old.close();
  });

  function clear(el) { while (el.firstChild) el.removeChild(el.firstChild); }

  // a value kept under a player's name: his own key only (a player named "constructor" or
  // "__proto__" would otherwise read what every object inherits)
  function own(object, name) { return Object.prototype.hasOwnProperty.call(object, name) ? object[name] : undefined; }

  function diffRows(tbody, differences) {
    clear(tbody);
    for (const d of differences) {
      const tr = document.createElement("tr");
      for (const text of [`${d.topic}: ${d.rule}`, d.a, d.b]) {
        const td = document.createElement("td");
        td.textContent = text;
        tr.appendChild(td);
      }
      tbody.appendChild(tr);
    }
  }

  function draw(s) {
    const first = state === null;
    state = s;
    const hand = s.hand;
    const me = s.you;
    $("title").textContent = s.variant ? `${s.variant.title}` : "A table";
    document.title = `studrules: ${s.variant ? s.variant.title : "a table"}`;
    // the host's panel
    $("host").hidden = !(me && me.host && s.state !== "over");
    $("host-start").hidden = s.state !== "waiting";
    const link = `${location.origin}/t/${s.table}`;
    $("link").textContent = link;
    $("link").href = link;
    const watchLink = `${location.origin}/w/${s.table}`;
    $("watch-link").textContent = watchLink;
    $("watch-link").href = watchLink;
    $("my-seat").hidden = !me || s.state === "over";
    $("away").hidden = !me || me.away || s.state === "waiting";
    $("away-note").hidden = !me || !me.away;
    drawRebuy(s);
    drawTopUp(s);
    drawStandings(s);
    drawSettings(s);
    $("watching").hidden = !!me;
    // whose turn
    deadline = s.deadline_in === null ? null : Date.now() + s.deadline_in * 1000;
    // the switch of games, with what changes
    const ann = s.announcement;
    $("announce").hidden = !ann;
    if (ann && ann.text !== lastAnnouncement) {  // redrawn only when it changes: a live region speaks each change
      lastAnnouncement = ann.text;
      $("announce-text").textContent = ann.text.split("\n")[0];
      diffRows($("diff").querySelector("tbody"), ann.differences);
      const rules = ann.differences.length;
      $("diff-box").hidden = rules === 0;
      // a long list of changes (two games far apart) is folded: on a phone it would fill pages
      $("diff-box").open = rules <= 8;
      $("diff-summary").textContent = `What changes: ${rules} rule${rules === 1 ? "" : "s"}`;
    }
    // the dealer's pick
    const choosing = s.choices && s.choices.length > 0;
    $("choose").hidden = !choosing;
    if (choosing) {
      const select = $("choice");
      const keep = select.value;
      // redrawn whenever the games or their words change (the host's change of games, "the same
      // game" after the last hand), not only their number: the dealer picks from what is offered
      const labels = s.choices.map((c) => [c.name, `${c.title}${c.same ? " (the same game)" : ""}`]);
      const shown = [...select.options].map((o) => [o.value, o.textContent]);
      if (JSON.stringify(labels) !== JSON.stringify(shown)) {
        clear(select);
        for (const [name, text] of labels) {
          const o = document.createElement("option");
          o.value = name;
          o.textContent = text;
          select.appendChild(o);
        }
        if (keep && labels.some(([name]) => name === keep)) select.value = keep;
        if (first || !keep) select.focus();
      }
      showChoice();
    }
    drawSeats(s);
    drawHand(s);
    drawAnte(s);
    drawSideBets(s);
    drawStatus();
    // the logs
    const tl = $("table-log");
    clear(tl);
    for (const line of s.log) { const li = document.createElement("li"); li.textContent = line; tl.appendChild(li); }
    const res = $("result");
    clear(res);
    for (const line of s.result) { const li = document.createElement("li"); li.textContent = line; res.appendChild(li); }
    drawChat(s);
  }

  // the chat: every line as text (never as HTML); a player may write, a spectator reads
  let chatSeen = "";
  function drawChat(s) {
    $("chat-form").hidden = !s.you;
    const lines = s.chat || [];
    const key = JSON.stringify(lines);
    if (key === chatSeen) return;  // (redrawn only when it changes: the live region speaks new lines)
    chatSeen = key;
    const ol = $("chat");
    clear(ol);
    for (const line of lines) {
      const li = document.createElement("li");
      const who = document.createElement("b");
      who.textContent = line.name;
      li.appendChild(who);
      li.appendChild(document.createTextNode(`: ${line.text}`));
      ol.appendChild(li);
    }
  }

  // a player out of chips: the offer to buy in again (the server says whether he may, and for what)
  function drawRebuy(s) {
    const offer = s.you && s.state !== "over" ? s.you.rebuy : null;
    $("rebuy-note").hidden = !offer;
    if (!offer) return;
    $("rebuy").textContent = `Buy in again for ${offer.chips} chips`;
    $("rebuy-terms").textContent = offer.limit === null ? `(rebuys so far: ${offer.used}; no limit)` :
      `(rebuy ${offer.used + 1} of ${offer.limit})`;
  }

  // a player with chips left but fewer than the buy-in: the offer to top up to it between hands
  function drawTopUp(s) {
    const offer = s.you && s.state !== "over" ? s.you.top_up : null;
    $("top-up-note").hidden = !offer;
    if (!offer) return;
    $("top-up").textContent = `Top up to ${offer.to} chips (${offer.chips} more)`;
    $("top-up-terms").textContent = offer.limit === null ? `(rebuys so far: ${offer.used}; no limit)` :
      `(rebuy ${offer.used + 1} of ${offer.limit})`;
  }

  // at the end of the game: each player's chips bought, his stack and his net against them
  function drawStandings(s) {
    const rows = s.state === "over" ? s.standings || [] : [];
    $("standings").hidden = rows.length === 0;
    const tbody = $("standings-table").querySelector("tbody");
    clear(tbody);
    for (const r of rows) {
      const tr = document.createElement("tr");
      for (const text of [r.name, r.bought, r.rebuys, r.stack, signed(r.net)]) {
        const td = document.createElement("td");
        td.textContent = text;
        tr.appendChild(td);
      }
      tbody.appendChild(tr);
    }
  }

  function showChoice() {
    const c = state.choices.find((x) => x.name === $("choice").value) || state.choices[0];
    diffRows($("choice-diff").querySelector("tbody"), c ? c.differences : []);
    $("choice-diff").hidden = !c || c.differences.length === 0;
    $("choice-same").textContent = !c ? "" : c.same ? "The same game as the last hand." : c.differences.length ? "" : "The first game: every rule is new.";
  }
  $("choice").addEventListener("change", showChoice);
  $("deal").addEventListener("click", () => send({type: "choose", variant: $("choice").value}));

  function drawSeats(s) {
    const ul = $("seats");
    clear(ul);
    const hand = s.hand;
    s.seats.forEach((seat, i) => {
      const li = document.createElement("li");
      li.className = "seat";
      if (!seat) { li.textContent = `Seat ${i + 1}: empty`; li.classList.add("empty"); ul.appendChild(li); return; }
      const name = document.createElement("strong");
      name.textContent = seat.name;
      li.appendChild(name);
      const notes = [];
      if (seat.bot) notes.push("bot");
      if (s.you && seat.seat === s.you.seat) notes.push("you");
      if (s.dealer === seat.name) notes.push("dealer");
      let stack = seat.stack;
      let k = -1;
      if (hand) k = hand.players.indexOf(seat.name);
      if (k >= 0) {
        // during a hand, the stack behind his wagers; once it is over, the stack he has now
        // (the seat's: a rebuy after the hand is in it)
        if (!hand.over) stack = hand.stacks[k];
        if (hand.folded[k]) notes.push("folded");
        if (hand.to_act === seat.name) { notes.push("to act"); li.classList.add("to-act"); }
      }
      for (const fact of seat.facts || []) if (!notes.includes(fact)) notes.push(fact);  // declared, kills, leaves...
      if (seat.won) notes.push(`won ${seat.won}`);
      if (notes.length) li.appendChild(document.createTextNode(` (${notes.join(", ")})`));
      const info = document.createElement("span");
      info.className = "chips";
      const position = k >= 0 && hand.banked ? hand.banked.positions.find((p) => p.player === seat.name) : null;
      info.textContent = ` stack ${stack}` + (position ? positionWords(position) : k >= 0 && hand.bets[k] ? `, bet ${hand.bets[k]}` : "");
      li.appendChild(info);
      if (position && position.result) {  // settled against the house: his hand, the pay line, the net
        const settled = document.createElement("span");
        settled.className = "settled";
        settled.dataset.player = seat.name;
        settled.textContent = position.result.line;
        li.appendChild(settled);
      }
      if (k >= 0) {
        const cards = document.createElement("span");
        cards.className = "cards";
        const ups = own(hand.up_cards, seat.name) || [];
        const hidden = Math.max(0, (own(hand.dealt, seat.name) || 0) - ups.length);
        if (s.you && seat.seat === s.you.seat) {
          for (const [c, f] of hand.cards) cards.appendChild(cardEl(c, f));
        } else if (own(hand.shown, seat.name)) {  // shown at the showdown: every card
          for (const c of own(hand.shown, seat.name)) cards.appendChild(cardEl(c, "up"));
        } else {
          for (let j = 0; j < hidden; j++) cards.appendChild(cardEl(null));
          for (const c of ups) cards.appendChild(cardEl(c, "up"));
        }
        li.appendChild(cards);
      }
      if (s.you && s.you.host && seat.seat !== s.you.seat && s.state !== "over") {
        // the host's controls for another seat: stand it up, or give it to a bot
        const tools = document.createElement("span");
        tools.className = "seat-tools";
        const remove = document.createElement("button");
        remove.type = "button"; remove.textContent = "Remove"; remove.dataset.seat = seat.seat;
        remove.setAttribute("aria-label", `Remove ${seat.name} from the table`);
        remove.addEventListener("click", () => send({type: "remove", seat: seat.seat}));
        tools.appendChild(remove);
        if (!seat.bot && !seat.leaving) {  // (one who leaves after this hand cannot take the host's part)
          const host = document.createElement("button");
          host.type = "button"; host.textContent = "Make host"; host.dataset.seat = seat.seat;
          host.setAttribute("aria-label", `Make ${seat.name} the host`);
          host.addEventListener("click", () => send({type: "host", seat: seat.seat}));
          tools.appendChild(host);
        }
        if (!seat.bot) {
          const bot = document.createElement("button");
          bot.type = "button"; bot.textContent = "Give to a bot"; bot.dataset.seat = seat.seat;
          bot.setAttribute("aria-label", `A bot plays ${seat.name}'s seat`);
          bot.addEventListener("click", () => send({type: "replace", seat: seat.seat}));  // the table's own bot
          tools.appendChild(bot);
        }
        li.appendChild(tools);
      }
      ul.appendChild(li);
    });
  }

  function drawHand(s) {
    const hand = s.hand;
    const mine = $("my-cards");
    clear(mine);
    const actions = $("actions");
    const actionsKey = hand ? JSON.stringify([s.hand_number, hand.events.length, hand.legal]) : null;
    const redraw = actionsKey === null || actionsKey !== shownActions;
    if (redraw) clear(actions);
    shownActions = actionsKey;
    $("wild").textContent = hand && hand.wild ? `Wild: ${hand.wild}` : "";
    $("middle").textContent = "";
    drawHouse(s);
    if (!hand) { $("game-line").textContent = s.state === "waiting" ? "Waiting for the host to start." : ""; return; }
    if (hand.banked) {
      const net = s.banked ? `; the house's net so far: ${signed(s.banked.house_net)}` : "";
      $("game-line").textContent = `Hand ${s.hand_number}: ${s.variant.title}. Each player against the house${net}.`;
    } else {
      $("game-line").textContent = `Hand ${s.hand_number}: ${s.variant.title}, ${s.dealer} deals. Pot ${hand.pot}` + (hand.round ? `, betting round ${hand.round}` : "");
    }
    if (hand.community.length) {
      $("middle").textContent = "In the middle: ";
      for (const c of hand.community) $("middle").appendChild(cardEl(c, "up"));
    }
    if (hand.cards.length) for (const [c, f] of hand.cards) mine.appendChild(cardEl(c, f));
    else mine.textContent = s.you ? "You are not in this hand." : "You are watching.";
    // the event log: only what is new is added (a screen reader reads the additions)
    const ol = $("events");
    if (shownHand !== s.hand_number) { clear(ol); shownEvents = 0; shownHand = s.hand_number; }
    for (const line of hand.events.slice(shownEvents)) {
      const li = document.createElement("li"); li.textContent = line; ol.appendChild(li);
    }
    shownEvents = hand.events.length;
    ol.scrollTop = ol.scrollHeight;
    if (!redraw) return;
    for (const la of hand.legal) actions.appendChild(actionControl(la, !!hand.banked, hand.offer));
    const firstButton = actions.querySelector("button");
    if (firstButton && !actions.contains(document.activeElement)) firstButton.focus();
  }

  function button(text, message) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = text;
    b.dataset.verb = message.verb;
    if (message.amount !== undefined && message.amount !== null) b.dataset.amount = message.amount;
    b.addEventListener("click", () => send(Object.assign({type: "act"}, message)));
    return b;
  }

  function signed(n) { return n > 0 ? `+${n}` : `${n}`; }

  // a position against the house: its ante, side bets and wagers, in words
  function positionWords(p) {
    let words = `, ante ${p.ante}`;
    for (const b of p.side_bets) words += `, ${b.words} ${b.amount}`;
    if (p.raises.length) words += `, wagers ${p.raises.join(" + ")}`;
    if (p.stood) words += `, no further wager${p.stood > 1 ? ` (${p.stood} times)` : ""}`;
    return words;
  }

  // the house's hand in the middle: a card face down until the house turns it up
  function drawHouse(s) {
    const banked = s.hand && s.hand.banked;
    const box = $("house");
    const cards = $("house-cards");
    clear(cards);
    const house = banked ? banked.house : null;
    box.hidden = !house || house.cards.length === 0;
    if (box.hidden) { $("house-words").textContent = ""; return; }
    for (const c of house.cards) cards.appendChild(c ? cardEl(c, "up") : cardEl(null));
    let words = house.words ? `The house has ${house.words}.` : "";
    if (banked.house_net !== null) words += ` The house's net this hand: ${signed(banked.house_net)}.`;
    $("house-words").textContent = words.trim();
  }

  // the ante this seat's position places against the house, from the next hand
  function drawAnte(s) {
    const ante = s.you && s.banked ? s.banked.ante : null;
    $("ante-form").hidden = !ante || s.state === "over";
    if (!ante) return;
    const field = $("ante");
    field.min = ante.low;
    if (ante.high !== null) field.max = ante.high; else field.removeAttribute("max");
    if (document.activeElement !== field) field.value = ante.chosen === null ? "" : ante.chosen;
    $("ante-limits").textContent = `(${ante.low}${ante.high !== null ? ` to ${ante.high}` : " or more"}` +
      (ante.chosen === null ? "; now each game's own" : `; now ${ante.chosen}`) + ")";
  }
  // a stake typed in a field: a whole number of chips, else null and the page says why (nothing is sent)
  function wholeChips(field, what) {
    const text = field.value.trim();
    if (/^\d+$/.test(text)) return parseInt(text, 10);
    // (a number field gives "" for what is not a number: the field's own check says so)
    const typed = text || (field.validity && field.validity.badInput ? "what was typed" : "");
    $("error").textContent = `${what} is a whole number of chips${what === "An ante" ? "" : ", 0 for none"}` +
      (typed ? `, not ${typed === "what was typed" ? typed : `“${typed}”`}` : ": type one") + ".";
    field.focus();
    return null;
  }
  $("ante-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const amount = wholeChips($("ante"), "An ante");
    if (amount !== null) send({type: "ante", amount});
  });

  // the side bets this seat's position makes against the house, from the next hand: one line each
  function drawSideBets(s) {
    const bets = s.you && s.banked ? s.banked.side_bets : null;
    const box = $("side-bets");
    $("side-bets-form").hidden = !bets || bets.length === 0 || s.state === "over";
    if (!bets) return;
    if (box.dataset.names !== bets.map((b) => b.name).join(" ")) {  // (made again only when the bets change)
      clear(box);
      box.dataset.names = bets.map((b) => b.name).join(" ");
      for (const b of bets) {
        const p = document.createElement("p");
        const label = document.createElement("label");
        label.htmlFor = `side-bet-${b.name}`;
        label.textContent = b.words[0].toUpperCase() + b.words.slice(1);
        const field = document.createElement("input");
        field.type = "number"; field.min = 0; field.id = `side-bet-${b.name}`;
        const limits = document.createElement("span");
        limits.id = `side-bet-limits-${b.name}`;
        const button = document.createElement("button");
        button.type = "button"; button.id = `side-bet-button-${b.name}`; button.textContent = `Set my ${b.words}`;
        button.addEventListener("click", () => {
          const amount = wholeChips(field, `A ${b.words}`);
          if (amount !== null) send({type: "side_bet", name: b.name, amount});
        });
        p.append(label, " ", field, " ", limits, " ", button);
        box.appendChild(p);
      }
    }
    for (const b of bets) {
      const field = $(`side-bet-${b.name}`);
      if (b.high !== null) field.max = b.high; else field.removeAttribute("max");
      if (document.activeElement !== field) field.value = b.chosen === null ? "" : b.chosen;
      $(`side-bet-limits-${b.name}`).textContent = `(${b.low}${b.high !== null ? ` to ${b.high}` : " or more"}` +
        (b.chosen !== null ? `; now ${b.chosen || "none"})` : b.own ? `; now the table's ${b.own})` : "; now none)");
    }
  }

  function actionControl(la, banked, offer) {
    const box = document.createElement("span");
    box.className = "action";
    const verb = la.action;
    if (la.choices && la.min !== undefined) {
      // some of his cards: discard, expose, buy, pass
      const group = document.createElement("fieldset");
      const legend = document.createElement("legend");
      legend.textContent = `${verb}: ${la.min} to ${la.max} cards` + (la.price ? ` at ${la.price} a card` : "");
      group.appendChild(legend);
      for (const c of la.choices) {
        const label = document.createElement("label");
        const cb = document.createElement("input");
        cb.type = "checkbox";
        cb.value = c;
        label.appendChild(cb);
        label.appendChild(cardEl(c, "up"));
        group.appendChild(label);
      }
      const b = document.createElement("button");
      b.type = "button"; b.textContent = verb; b.dataset.verb = verb;
      b.addEventListener("click", () => {
        const chosen = [...group.querySelectorAll("input:checked")].map((x) => x.value);
        send({type: "act", verb, word: chosen.join(" ") || null});
      });
      group.appendChild(b);
      box.appendChild(group);
      return box;
    }
    if (la.choices) {
      const pot = la.pot === undefined ? "" : la.pot === 0 ? " (main pot)" : ` (side pot ${la.pot})`;
      for (const c of la.choices) box.appendChild(button(`${verb} ${c}${pot}`, {verb, word: c}));
      return box;
    }
    if (Array.isArray(la.to) && la.amount !== undefined) {
      // a wager against the house of several sizes: each is its size, not a total
      for (const t of la.to) box.appendChild(button(`${verb} ${t}`, {verb, amount: t}));
      return box;
    }
    if (Array.isArray(la.to)) {
      for (const t of la.to) box.appendChild(button(`${verb} to ${t}`, {verb, amount: t}));
      return box;
    }
    if (la.min !== undefined) {
      const id = `amount-${verb}`;
      const label = document.createElement("label");
      label.htmlFor = id;
      label.textContent = `${verb} to (${la.min} to ${la.max})`;
      const number = document.createElement("input");
      number.type = "number"; number.id = id; number.min = la.min; number.max = la.max; number.value = la.min;
      const slider = document.createElement("input");
      slider.type = "range"; slider.min = la.min; slider.max = la.max; slider.value = la.min;
      slider.setAttribute("aria-label", `${verb} amount`);
      slider.addEventListener("input", () => { number.value = slider.value; });
      number.addEventListener("input", () => { slider.value = number.value; });
      const b = document.createElement("button");
      b.type = "button"; b.textContent = verb; b.dataset.verb = verb;
      b.addEventListener("click", () => send({type: "act", verb, amount: parseInt(number.value, 10)}));
      box.append(label, number, slider, b);
      return box;
    }
    let text = la.amount !== undefined ? `${verb} ${la.amount}` : verb;
    if (banked && verb === "check") text = "check (no further wager)";  // against the house a check stands
    if (offer && verb === "buy") {  // an up card's price: what it buys
      text = offer.deal === "none" ? `pay ${la.amount} for your ${offer.card} up` :
        `buy an extra card, face ${offer.deal}, for ${la.amount}`;
    }
    box.appendChild(button(text, {verb}));
    return box;
  }

  function drawStatus() {
    const s = state;
    if (!s || closedFor) return;
    let text = "";
    const left = deadline === null ? null : Math.max(0, Math.round((deadline - Date.now()) / 1000));
    if (s.state === "waiting") text = "Waiting for the host to start the game.";
    else if (s.state === "choosing") text = s.you && s.choosing === s.you.name ? "You deal: choose the game." : `${s.choosing} is choosing the game.`;
    else if (s.state === "over") text = "The game is over.";
    else if (s.state === "broken") text = "This table has failed and is stopped.";
    else if (s.waiting_for && s.waiting_for.length) {
      text = s.you && s.waiting_for.includes(s.you.name) ? "You are out of chips: buy in again to play on, or leave the table." :
        `Waiting for ${s.waiting_for.join(" or ")} to buy in again.`;
    }
    else if (s.everybody_away) {
      text = s.you && s.you.away ? "Everybody is away: press “I'm back” to deal the next hand." :
        "Everybody is away: the next hand waits for a player to come back.";
    }
    else if (s.hand && s.hand.over) text = "Hand over: the next hand is coming.";
    else if (s.hand && s.hand.to_act) text = s.you && s.hand.to_act === s.you.name ? "Your turn." : `${s.hand.to_act}'s turn.`;
    $("status").textContent = text;
    $("timer").textContent = left === null || s.state === "waiting" || s.state === "over" ? "" : `${left} s left`;
  }
  setInterval(drawStatus, 1000);

  // the settings in force, the host's change from the next hand, and his form to change them
  const ROTATIONS = {turn: "each game in turn", dealer: "dealer's choice"};
  const forms = window.studrulesForms;
  let gamesLoaded = false;
  let filled = null;  // the settings the form was last filled with

  function settingsWords(c) {
    const stakes = forms.pairsText(c.stakes);
    const options = forms.pairsText(c.options);
    return `Games: ${c.variants.join(", ")} (${ROTATIONS[c.rotate]}). Stakes: ${stakes || "each game's own"}.` +
      ` Options: ${options || "each game's own"}. ${c.timeout} s to act, ${c.pause} s between hands.` +
      ` Rebuys: ${forms.rebuysWords(c)}.`;
  }

  function drawSettings(s) {
    $("settings-line").textContent = s.settings ? `The table's rules: ${settingsWords(s.settings)}` : "";
    $("settings-next").hidden = !s.settings_next;
    $("settings-next").textContent = s.settings_next ? `From the next hand: ${settingsWords(s.settings_next)}` : "";
    const wanted = s.settings_next || s.settings;
    if (sentSettings && wanted && JSON.stringify(wanted) !== sentSettings) {
      sentSettings = null;
      $("settings-status").textContent = s.settings_next ? "Changed from the next hand: see the table log." : "Changed: see the table log.";
    }
    if (!sentSettings && !s.settings_next && $("settings-status").textContent.startsWith("Changed from the next hand")) {
      $("settings-status").textContent = "";  // (that hand has come)
    }
    if (s.you && s.you.host && wanted && JSON.stringify(wanted) !== filled) fillSettings(wanted);
  }

  function fillSettings(c) {
    if (!gamesLoaded) return;  // (filled when the games come)
    filled = JSON.stringify(c);
    for (const r of document.querySelectorAll("input[name=set-rotate]")) r.checked = r.value === c.rotate;
    for (const box of $("set-games").querySelectorAll("input")) box.checked = c.variants.includes(box.value);
    // the games dealt now first, in the table's order: on a phone the host sees them without scrolling
    for (const name of [...c.variants].reverse()) {
      const box = $("set-games").querySelector(`input[value="${CSS.escape(name)}"]`);
      if (box) $("set-games").prepend(box.closest("label"));
    }
    $("set-stakes").value = forms.pairsText(c.stakes);
    $("set-options").value = forms.pairsText(c.options);
    $("set-timeout").value = c.timeout;
    $("set-pause").value = c.pause;
    forms.fillRebuys("set-rebuys", "set-rebuy-limit", c);
  }

  fetch("/api/games").then((r) => r.json()).then((games) => {
    const box = $("set-games");
    clear(box);
    // (one box here: a game against the house says so, where its title does not)
    const marked = (g) => g.banked && !/against the house/i.test(g.title) ? {...g, title: `${g.title}, against the house`} : g;
    for (const g of games) forms.addGame(box, marked(g), false);
    gamesLoaded = true;
    if (state) { filled = null; drawSettings(state); }
  });
  forms.filter($("set-filter"), $("set-games"));

  $("settings-form").addEventListener("submit", (e) => {
    e.preventDefault();
    $("settings-status").textContent = "";
    let changes;
    try {
      const variants = [...$("set-games").querySelectorAll("input:checked")].map((b) => b.value);
      if (!variants.length) throw new Error("choose at least one game");
      changes = {
        variants,
        rotate: document.querySelector("input[name=set-rotate]:checked").value,
        stakes: forms.pairs($("set-stakes").value, true),
        options: forms.pairs($("set-options").value, false),
        timeout: parseFloat($("set-timeout").value),
        pause: parseFloat($("set-pause").value),
        ...forms.rebuys("set-rebuys", "set-rebuy-limit"),
      };
    } catch (err) {
      $("error").textContent = err.message;
      return;
    }
    sentSettings = filled;
    $("settings-status").textContent = "Sending the change…";
    send({type: "settings", changes});
  });
  $("settings-reset").addEventListener("click", () => {
    filled = null;
    if (state) drawSettings(state);
    $("settings-status").textContent = "";
  });

  $("add-bot").addEventListener("click", () => send({type: "bot"}));  // the table's own bot
  $("leave").addEventListener("click", () => send({type: "leave"}));
  $("chat-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const text = $("chat-text").value.trim();
    if (!text) return;
    send({type: "say", text});
    $("chat-text").value = "";
  });
  $("to-bot").addEventListener("click", () => {
    if (state && state.you && confirm("A bot plays your seat and your chips from now on, and you watch. Go on?"))
      send({type: "replace", seat: state.you.seat});  // the table's own bot
  });
  $("away").addEventListener("click", () => send({type: "away"}));
  $("back").addEventListener("click", () => send({type: "back"}));
  $("rebuy").addEventListener("click", () => send({type: "rebuy"}));
  $("top-up").addEventListener("click", () => send({type: "top_up"}));
  $("start").addEventListener("click", () => send({type: "start"}));
  $("copy").addEventListener("click", () => navigator.clipboard && navigator.clipboard.writeText($("link").href));
  async function showRules(name) {
    const r = await fetch(`/api/tables/${tableId}/rules/${encodeURIComponent(name)}`);
    $("rules-heading").textContent = `Rule book: ${name}`;
    $("rules-text").textContent = await r.text();
    $("rules").showModal();
  }
  $("rules-button").addEventListener("click", () => {
    if (!state || !(state.variant || state.games.length)) return;
    showRules(state.variant ? state.variant.name : state.games[0]);
  });
  $("choice-rules").addEventListener("click", () => showRules($("choice").value));

  connect();
})();
