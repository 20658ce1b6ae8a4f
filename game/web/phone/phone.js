// Tabletop Derby's phone page (issue #29): a seat's private hand, a client of the host's
// protocol (version 2). The seat's token comes in the URL's fragment (never sent to a
// server); the page sends "rejoin" with it and then "action"s in the rules' notation.
// Nothing that arrives is evaluated: messages are JSON.parse'd and read field by field.
"use strict";
(function () {
  var VERSION = 2;
  var MAX_MESSAGE = 1 << 20; // what a host message may be (protocol.MAX_OUTBOUND_BYTES)
  var BACKOFF_FIRST = 500, BACKOFF_MAX = 5000;
  // The table's own colours (game/ui/theme.py SEAT_COLOURS, game/scenes/duck/art.py)
  var SEAT_COLOURS = ["#e69f00", "#0072b2", "#009e73", "#56b4e9", "#d55e00", "#cc79a7"];
  var BANDS = [[8, "#40a8be"], [20, "#52aa5c"], [36, "#e8a028"], [46, "#e0603c"], [54, "#a054be"]];
  var BUOYS = [["red", "#e0382c"], ["yellow", "#f6c523"], ["green", "#2fa650"]];
  var CARD_STEPS = [[0, -1], [-1, 0], [-1, 1], [0, 1], [1, 0], [1, -1]];
  var ARROWS = ["→", "↗", "↖", "←", "↙", "↘"]; // the rules' sides 0-5, 0 east, counter-clockwise
  var SQ3 = Math.sqrt(3);

  var TEXTS = {
    en: {
      title: "Your hand", join: "Join your seat", code: "Table code (on the big screen)",
      key: "Seat key (under your QR code)", go: "Open my hand", lang: "日本語",
      connecting: "Connecting…", lost: "The line dropped: trying again…",
      replaced: "Your hand is open on another phone or tab now.",
      gone: "This table is closed.", badtoken: "That seat key is not right: check it on the big screen.",
      guesses: "Too many wrong seat keys from here just now: wait a minute, then try again.",
      badcode: "No table has that code: check it on the big screen.",
      wait: "Nothing to do now: watch the big screen.", over: "The game is over: see the big screen.",
      card: "Choose your card in secret", cards: "Choose two cards in secret",
      order: "Choose your card for the turn order", place: "Place your duck",
      route: "Choose the route", face: "Choose your duck's facing", warp: "Place the knocked duck",
      discard: "Throw away cards", post: "Play a token or finish", pre: "Play a token or move",
      hound: "Move the hound", patterns: "Choose the hound's patterns", other: "Your move",
      tapagain: "Tap again to play it", tapother: "Tap again to confirm", sent: "Sent…", sentwait: "Sent: watch the big screen",
      routeN: "Route", hand: "Hand", nohand: "No cards in hand.", blue: "Blue tokens", buoys: "Buoys",
      stay: "Stay", turn: "Turn instead of moving", done: "Finish (done)", step: "+1 step", swap: "Swap with the hound",
      blueplay: "Blue: draw 3, discard 3", facing: "facing", centre: "centre", duck: "duck",
      kinds: { start: "life ring", water: "water", buoy: "buoy", drain: "drain" }, keepr: "Keep going:", cardN: "Card", throwN: "Throw away cards", patternsN: "Hound patterns",
      rotate: "Rotate to", duckOf: "{name}'s duck",
      ghostTap: "Ghost: tap the duck on the tub", becomeTap: "Become the hound: tap the duck on the tub",
      tokens: { blue: "Blue", keep: "Keep going", step: "+1 step", rotate: "Rotate", swap: "Swap with the hound",
        ghost: "Ghost", become: "Become the hound" },
      dirs: ["east", "north-east", "north-west", "west", "south-west", "south-east"],
      refused: "Not taken: ", version: "The host speaks another protocol version: update the app.",
      // Verflixxt!
      vroll: "Roll the die", vmove: "Move a pawn or a guardian", vdraw: "Turn up a card for the hats",
      vplay: "Play a card", vpick: "Tap a card, then where it goes", vpawn: "Tap the piece the card moves", vhat: "Pass a hat or keep it",
      vattack: "Attack or play a card", attackTap: "attack",
      roll: "Roll the die", draw: "Turn up a card", stopturn: "Stop here (end the turn)",
      pawn: "Pawn", guardian: "Guardian", square: "on", start: "start", finish: "finish", clover: "clover",
      yellow: "Yellow", orange: "Orange", nomove: "no move", fwd: "forward", back: "backward",
      moveN: "Move", playN: "Play", on: "on", hatkeep: "Keep the hats where they are",
      hattake: "Take the hat of", hatgive: "Give the hat to", hatswap: "Swap hats with", pawnOf: "’s pawn",
      attackN: "Attack: pair of", tile: "tile", yours: "your", hats: { lucky: "Lucky hat", unlucky: "Unlucky hat" },
      hatOn: "on", hatFree: "not worn", hatHome: "brought home", cards: "Cards",
      // Cluck-peep!
      chole: "Choose your chicken's hole at the start", cplace: "Lay a road tile below the ladder",
      holeN: "Hole", turnOver: "⇄ Turn over", upright: "upright", turnedN: "turned over",
      tileN: "Tile", tiles: "Road tiles", notiles: "No road tiles in hand.", placeN: "Lay tile",
      belowLadder: "Tap again to lay it below the ladder",
      // Duck's route preview (the host's rules computed it)
      pvTitle: "Where your duck would go", pvEnds: "Ends on", pvFacing: "then facing one of",
      pvBonk: { edge: "Bonk! The edge: stops on", duck: "Bonk! A duck in the way: stops on",
        drain: "Bonk! The drain without all 3 buoys: stops on" },
      pvBuoy: "Touches a buoy:", pvNew: "new token", pvDrain: "Into the drain: your duck wins!",
      pvHound: "Runs into the hound: knocked off the board", pvAgain: "Must move again (ends on a buoy or a piece)",
      pvKnocks: "Knocks ducks:", pvDuck: "Duck", buoyNames: { red: "red", yellow: "yellow", green: "green" },
      // Duck's small board (issue #39)
      tapSpot: "Tap a glowing space on the tub", tapFace: "Tap an arrow: which way your duck faces",
      tapFaceHound: "Tap an arrow: which way the hound faces", boardTitle: "The tub",
      faceTitle: "Which way?", hound: "Hound",
      // Eight Routes (issue #39)
      rdraft: "Take dice from the lid", ractions: "A route's action, or end", rchip: "Turn a round chip?",
      lid: "The lid", takeAll: "Take all", takeOne: "Take one", dieN: "die", diceN: "dice",
      change: "Route 3: change a die", push: "Route 5: back 2, route 2 forward 1",
      chipN: "Route 6: turn a round chip, route {r} forward 1", chipPass: "Keep the chip as it is",
      endN: "End taking dice", tapDie: "Tap a die in the lid",
      ladderLast: "The ladder's last row", ladderStart: "The start row", tapTurn: "tap to turn it over",
      layHere: "Lay it here",
      // the coach (issue #40): its words come from the host, in this page's language
      coach: "Ask the coach", coachTitle: "Coach", coachThinking: "The coach is thinking…",
      coachMarked: "Asking marks this game “coach asked” for you.", coachShown: "Shown above:",
      coachNo: { coach_busy: "The coach is still thinking: ask again in a moment.",
        coach_rate: "The coach was asked a lot just now: wait a few seconds.",
        coach_turn: "The coach answers at your own decision.", coach_stale: "That decision has passed.",
        coach_none: "The coach has nothing to say here.", coach_seat: "The coach answers a seat's phone only." }
    },
    ja: {
      title: "あなたの手札", join: "自分の席に入る", code: "テーブルコード（大画面に表示）",
      key: "席キー（QRコードの下）", go: "手札を開く", lang: "English",
      connecting: "接続中…", lost: "接続が切れました。再接続しています…",
      replaced: "この手札は別のスマホかタブで開かれました。",
      gone: "このテーブルは閉じられました。", badtoken: "席キーが違います。大画面で確かめてください。",
      guesses: "違う席キーが続きました。1分ほど待ってからもう一度どうぞ。",
      badcode: "そのコードのテーブルはありません。大画面で確かめてください。",
      wait: "いまは何もしません。大画面を見てください。", over: "ゲーム終了。大画面をご覧ください。",
      card: "カードを秘密に選んでください", cards: "カードを2枚、秘密に選んでください",
      order: "手番順を決めるカードを選んでください", place: "アヒルを置いてください",
      route: "ルートを選んでください", face: "アヒルの向きを選んでください", warp: "はじかれたアヒルを置いてください",
      discard: "捨てるカードを選んでください", post: "トークンを使うか、終了してください", pre: "トークンを使うか、移動してください",
      hound: "猟犬を動かしてください", patterns: "猟犬のパターンを選んでください", other: "あなたの番です",
      tapagain: "もう一度タップで出します", tapother: "もう一度タップで決定", sent: "送信中…", sentwait: "送りました。大画面をご覧ください",
      routeN: "ルート", hand: "手札", nohand: "手札はありません。", blue: "青トークン", buoys: "ブイ",
      stay: "とどまる", turn: "移動の代わりに向きを変える", done: "終了", step: "+1歩", swap: "猟犬と入れ替え",
      blueplay: "青：3枚引いて3枚捨てる", facing: "向き", centre: "中央", duck: "アヒル",
      kinds: { start: "浮き輪", water: "水", buoy: "ブイ", drain: "排水口" }, keepr: "もう一度進む：", cardN: "カード", throwN: "捨てるカード：", patternsN: "猟犬のパターン：",
      rotate: "向きを変える：", duckOf: "{name}のアヒル",
      ghostTap: "ゴースト：おけのアヒルをタップ", becomeTap: "猟犬になる：おけのアヒルをタップ",
      tokens: { blue: "青", keep: "もう一度進む", step: "+1歩", rotate: "回転", swap: "猟犬と入れ替え",
        ghost: "ゴースト", become: "猟犬になる" },
      dirs: ["東", "北東", "北西", "西", "南西", "南東"],
      refused: "受け付けられませんでした：", version: "ホストのプロトコルが違います。アプリを更新してください。",
      vroll: "サイコロを振ってください", vmove: "コマか番人を動かしてください", vdraw: "帽子のためにカードをめくってください",
      vplay: "カードを出してください", vpick: "カードを選び、次に動かすコマを選んでください", vpawn: "カードで動かすコマをタップしてください", vhat: "帽子を渡すか、そのままにしてください",
      vattack: "攻撃するか、カードを出してください", attackTap: "攻撃",
      roll: "サイコロを振る", draw: "カードをめくる", stopturn: "ここで終える（手番終了）",
      pawn: "コマ", guardian: "番人", square: "マス", start: "スタート", finish: "ゴール", clover: "クローバー",
      yellow: "黄", orange: "オレンジ", nomove: "移動なし", fwd: "前へ", back: "後ろへ",
      moveN: "動かす", playN: "出す", on: "→", hatkeep: "帽子はそのまま",
      hattake: "帽子をもらう：", hatgive: "帽子をあげる：", hatswap: "帽子を交換：", pawnOf: "のコマ",
      attackN: "攻撃：ペア", tile: "タイル", yours: "自分", hats: { lucky: "幸運の帽子", unlucky: "不運の帽子" },
      hatOn: "着用：", hatFree: "だれもかぶっていない", hatHome: "持ち帰った", cards: "カード",
      chole: "スタートでニワトリの穴を選んでください", cplace: "道タイルをはしごの下に置いてください",
      holeN: "穴", turnOver: "⇄ 裏返す", upright: "表向き", turnedN: "裏返し",
      tileN: "タイル", tiles: "道タイル", notiles: "道タイルはありません。", placeN: "タイルを置く",
      belowLadder: "もう一度タップで、はしごの下に置きます",
      pvTitle: "アヒルの行き先", pvEnds: "止まるマス：", pvFacing: "そのあとの向き：",
      pvBonk: { edge: "ゴツン！ 端にぶつかり、止まるマス：", duck: "ゴツン！ アヒルにぶつかり、止まるマス：",
        drain: "ゴツン！ ブイ3つがそろわず排水口で止まるマス：" },
      pvBuoy: "ブイに触れる：", pvNew: "新しいトークン", pvDrain: "排水口へ：あなたのアヒルの勝ち！",
      pvHound: "猟犬にぶつかり、ボードから外れる", pvAgain: "もう一度動く（ブイかコマの上で止まる）",
      pvKnocks: "はじくアヒル：", pvDuck: "アヒル", buoyNames: { red: "赤", yellow: "黄", green: "緑" },
      tapSpot: "光っているマスをタップしてください", tapFace: "矢印をタップ：アヒルの向き",
      tapFaceHound: "矢印をタップ：猟犬の向き", boardTitle: "バスタブ",
      faceTitle: "どちら向き？", hound: "猟犬",
      rdraft: "ふたからサイコロを取ってください", ractions: "ルートのアクションか、終了", rchip: "ラウンドチップを裏返しますか？",
      lid: "ふた", takeAll: "全部取る", takeOne: "1個取る", dieN: "個", diceN: "個",
      change: "ルート3：サイコロの目を変える", push: "ルート5：2戻し、ルート2を1進める",
      chipN: "ルート6：ラウンドチップを裏返し、ルート{r}を1進める", chipPass: "チップはそのまま",
      endN: "サイコロを取るのを終える", tapDie: "ふたのサイコロをタップしてください",
      ladderLast: "はしごのいちばん下の段", ladderStart: "スタートの段", tapTurn: "タップで裏返す",
      layHere: "ここに置く",
      coach: "コーチに聞く", coachTitle: "コーチ", coachThinking: "コーチが考えています…",
      coachMarked: "聞くと、このゲームはあなたの「コーチ使用」として記録されます。", coachShown: "上に表示中：",
      coachNo: { coach_busy: "コーチはまだ考えています。少ししてからもう一度どうぞ。",
        coach_rate: "続けて聞きすぎました。数秒待ってください。",
        coach_turn: "コーチはあなたの番にだけ答えます。", coach_stale: "その場面は過ぎました。",
        coach_none: "ここではコーチから言うことはありません。", coach_seat: "コーチはその席のスマホにだけ答えます。" }
    }
  };

  // -- pure logic (tested in the browser: tests/test_phone_page.py) ---------------------------
  function parseFragment(hash) {
    var out = {};
    String(hash || "").replace(/^#/, "").split("&").forEach(function (part) {
      var eq = part.indexOf("=");
      if (eq <= 0) return;
      var key = part.slice(0, eq), value;
      try { value = decodeURIComponent(part.slice(eq + 1)); } catch (e) { return; }
      if (["code", "seat", "token", "lang"].indexOf(key) >= 0 && value.length <= 64) out[key] = value;
    });
    if (out.seat !== undefined) {
      if (/^[0-7]$/.test(out.seat)) out.seat = Number(out.seat);
      else delete out.seat;
    }
    if (out.lang !== "en" && out.lang !== "ja") delete out.lang;
    return out;
  }

  function normalKey(text) { // a typed seat key: "abcd ef23" -> "ABCD-EF23"
    var raw = String(text || "").toUpperCase().replace(/[^0-9A-Z]/g, "");
    return raw.length === 8 ? raw.slice(0, 4) + "-" + raw.slice(4) : null;
  }

  function normalCode(text) { // a typed join code: "7kq4mx9p2hrt" -> "7KQ4-MX9P-2HRT"
    var raw = String(text || "").toUpperCase().replace(/[^0-9A-Z]/g, "");
    return raw.length === 12 ? raw.slice(0, 4) + "-" + raw.slice(4, 8) + "-" + raw.slice(8) : null;
  }

  function pickLanguage(fragmentLang, stored, navigatorLang) {
    if (fragmentLang === "en" || fragmentLang === "ja") return fragmentLang;
    if (stored === "en" || stored === "ja") return stored;
    return /^ja\b/i.test(String(navigatorLang || "")) ? "ja" : "en";
  }

  function backoff(attempt) {
    return Math.min(BACKOFF_MAX, BACKOFF_FIRST * Math.pow(2, Math.max(0, attempt)));
  }

  function kindOf(action) { // the first word of an action's notation ("hound face" is one)
    var words = String(action).split(" ");
    if (words[0] === "hound" && words[1] === "face") return "houndface";
    if (words[0] === "pattern" || words[0] === "patterns") return "patterns";
    return words[0];
  }

  var ASKS = { card: "card", cards: "cards", order: "order", place: "place", route: "route",
    face: "face", warp: "warp", discard: "discard", keep: "post", done: "post", step: "post",
    stay: "pre", turn: "pre", rotate: "pre", swap: "pre", hound: "hound", houndface: "hound",
    patterns: "patterns" };

  var GAME_ASKS = {
    verflixxt: [["roll", "vroll"], ["move", "vmove"], ["draw", "vdraw"], ["hat", "vhat"],
      ["attack", "vattack"], ["play", "vplay"], ["stop", "vplay"]],
    cluck: [["hole", "chole"], ["place", "cplace"]],
    routes: [["A", "rdraft"], ["B", "rdraft"], ["chip", "rchip"], ["C", "ractions"], ["D", "ractions"], ["end", "ractions"]]
  };

  function promptKey(legal, toAct, seat, over, game) {
    if (over) return "over";
    if (!legal || !legal.length || toAct.indexOf(seat) < 0) return "wait";
    var kinds = legal.map(kindOf);
    if (GAME_ASKS[game]) {
      var asks = GAME_ASKS[game];
      for (var j = 0; j < asks.length; j++) if (kinds.indexOf(asks[j][0]) >= 0) return asks[j][1];
      return "other";
    }
    var order = ["card", "cards", "order", "place", "route", "face", "warp", "discard", "hound",
      "houndface", "patterns", "keep", "done", "stay", "turn"];
    for (var i = 0; i < order.length; i++) if (kinds.indexOf(order[i]) >= 0) return ASKS[order[i]];
    return "other";
  }

  // A hex named as the big screen names it (issue #39: never its coordinates): the
  // box's tile it lies on, printed on the tub ("5A"), and where on that tile (its centre
  // or a side: "5A, north-east"); on a board drawn hex by hex (no tiles) its kind and
  // its place among the hexes of that kind, row by row ("life ring 3").
  function axialDistance(dq, dr) { return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2; }
  function hexName(q, r, options, t) {
    q = Number(q); r = Number(r);
    var board = (options || {}).board || {}, tiles = Array.isArray(board.tiles) ? board.tiles : [];
    for (var i = 0; i < tiles.length; i++) {
      var tile = tiles[i];
      if (!Array.isArray(tile) || tile.length < 4) continue;
      var dq = q - Number(tile[2]), dr = r - Number(tile[3]), label = String(tile[0]) + String(tile[1]);
      if (dq === 0 && dr === 0) return label + (page.lang === "ja" ? " " : ", ") + t.centre;
      if (axialDistance(dq, dr) !== 1) continue;
      for (var side = 0; side < 6; side++) {
        if (AXIAL[side][0] === dq && AXIAL[side][1] === dr) return label + (page.lang === "ja" ? " " : ", ") + t.dirs[side];
      }
    }
    var kind = (boardHexes(options)[hexKey(q, r)] || ["water"])[0], n = 0, found = 0;
    (board.hexes || []).slice().sort(function (a, b) { return a[1] - b[1] || a[0] - b[0]; }).forEach(function (h) {
      if (String(h[2]) !== kind) return;
      n += 1;
      if (h[0] === q && h[1] === r) found = n;
    });
    return (t.kinds[kind] || kind) + " " + (found || "?");
  }
  function hexNamed(text, options, t) { // "q,r" of the notation -> its name
    var qr = String(text).split(",");
    return hexName(qr[0], qr[1], options, t);
  }

  function routeName(text, t) { // "50/1" of the notation: the card's number, its route's
    var cr = String(text).split("/");
    return t.cardN + " " + cr[0] + " · " + t.routeN + " " + (cr[1] || "1");
  }

  function describe(action, t, options) { // a label for an action that is not a card in the hand
    var w = String(action).split(" ");
    var dir = function (f) { var n = Number(f); return ARROWS[n] + " " + t.dirs[n]; };
    var hex = function (qr) { return hexNamed(qr, options, t); };
    switch (kindOf(action)) {
      case "place": return hex(w[1]) + " · " + t.facing + " " + dir(w[3]);
      case "warp": return hex(w[1]) + " · " + t.facing + " " + dir(w[3]);
      case "face": return t.facing + " " + dir(w[1]);
      case "houndface": return t.facing + " " + dir(w[2]);
      case "rotate": return t.rotate + " " + dir(w[1]);
      case "route": return routeName(w[1], t);
      case "keep": return t.keepr + " " + routeName(w[1], t);
      case "hound": return t.hound + ": " + routeName(w[1], t);
      case "send": return hex(w[1]);
      case "discard": return t.throwN + " " + w.slice(1).join(" · ");
      case "patterns": return t.patternsN + " " + w.slice(1).join(" · ");
      case "cards": return t.pvDuck + " 1: " + t.cardN + " " + w[1] + " · " + t.pvDuck + " 2: " + t.cardN + " " + w[2];
      case "ghost": return t.tokens.ghost + ": " + duckName(Number(w[1]), t);
      case "become": return t.tokens.become + ": " + duckName(Number(w[1]), t);
      case "stay": return t.stay;
      case "turn": return t.turn;
      case "done": return t.done;
      case "step": return t.step;
      case "swap": return t.swap;
      case "blue": return t.blueplay;
      default: return String(action);
    }
  }

  function routeCells(steps) { // as game/scenes/duck/art.py _route_cells
    var q = 0, r = 0, k = 0, cells = [];
    steps.forEach(function (delta) {
      k = ((k + delta) % 6 + 6) % 6;
      q += CARD_STEPS[k][0]; r += CARD_STEPS[k][1];
      cells.push([q, r, k]);
    });
    return cells;
  }

  function bandColour(number) {
    for (var i = 0; i < BANDS.length; i++) if (number <= BANDS[i][0]) return BANDS[i][1];
    return BANDS[BANDS.length - 1][1];
  }

  // A card drawn from its data (the deck in the welcome's options), as the table draws it:
  // number band, the light hexes the routes cross, red routes, green facings, the purple
  // start arrow. Built with DOM calls, never from text.
  var SVG = "http://www.w3.org/2000/svg";
  function el(name, attrs, parent) {
    var node = document.createElementNS(SVG, name);
    Object.keys(attrs).forEach(function (k) { node.setAttribute(k, String(attrs[k])); });
    if (parent) parent.appendChild(node);
    return node;
  }
  function arrow(g, x1, y1, x2, y2, colour, width) {
    el("line", { x1: x1, y1: y1, x2: x2, y2: y2, stroke: colour, "stroke-width": width, "stroke-linecap": "round" }, g);
    var a = Math.atan2(y2 - y1, x2 - x1), h = width * 2.4;
    var p = [[x2, y2], [x2 - h * Math.cos(a - 0.5), y2 - h * Math.sin(a - 0.5)], [x2 - h * Math.cos(a + 0.5), y2 - h * Math.sin(a + 0.5)]];
    el("polygon", { points: p.map(function (xy) { return xy[0].toFixed(1) + "," + xy[1].toFixed(1); }).join(" "), fill: colour }, g);
  }
  function cardSvg(number, routes, label) {
    var W = 120, H = 168, top = 34, pad = 8;
    var svg = el("svg", { viewBox: "0 0 " + W + " " + H, role: "img", "aria-label": label || ("Card " + number) });
    el("rect", { x: 0, y: 0, width: W, height: H, rx: 12, fill: "#fffcf3" }, svg);
    el("path", { d: "M0 12 Q0 0 12 0 H" + (W - 12) + " Q" + W + " 0 " + W + " 12 V" + top + " H0 Z", fill: bandColour(number) }, svg);
    var label = el("text", { x: pad + 2, y: top - 9, fill: "#fff", "font-size": 24, "font-weight": 700 }, svg);
    label.textContent = String(number);
    if (routes.length > 1) {
      var many = el("text", { x: W - pad, y: top - 10, fill: "#fff", "font-size": 16, "font-weight": 700, "text-anchor": "end" }, svg);
      many.textContent = "×" + routes.length;
    }
    var cells = [[0, 0, 0]], paths = [];
    routes.forEach(function (route) { var p = routeCells(route.steps || []); paths.push(p); cells = cells.concat(p); });
    var xs = [], ys = [];
    cells.forEach(function (c) { var x = 1.5 * c[0], y = SQ3 * (c[1] + c[0] / 2); xs.push(x - 1, x + 1); ys.push(y - SQ3 / 2, y + SQ3 / 2); });
    var area = { x: pad, y: top + pad, w: W - 2 * pad, h: H - top - 2 * pad };
    var span = function (v) { return Math.max.apply(null, v) - Math.min.apply(null, v); };
    var s = Math.min(area.w / span(xs), area.h / span(ys), area.w / 3.4);
    var cx = area.x + area.w / 2 - (Math.max.apply(null, xs) + Math.min.apply(null, xs)) / 2 * s;
    var cy = area.y + area.h / 2 - (Math.max.apply(null, ys) + Math.min.apply(null, ys)) / 2 * s;
    var at = function (q, r) { return [cx + 1.5 * q * s, cy + SQ3 * (r + q / 2) * s]; };
    el("rect", { x: area.x, y: area.y, width: area.w, height: area.h, fill: "#d6ecf9" }, svg);
    var seen = {};
    cells.forEach(function (c) {
      var key = c[0] + "," + c[1];
      if (seen[key]) return;
      seen[key] = true;
      var xy = at(c[0], c[1]), pts = [];
      for (var i = 0; i < 6; i++) pts.push((xy[0] + s * 0.9 * Math.cos(Math.PI / 3 * i)).toFixed(1) + "," + (xy[1] - s * 0.9 * Math.sin(Math.PI / 3 * i)).toFixed(1));
      el("polygon", { points: pts.join(" "), fill: key === "0,0" ? "#e6dafc" : "#eef7fd", stroke: "#c4deee", "stroke-width": 1.5 }, svg);
    });
    var width = Math.max(3, s * 0.34), start = at(0, 0);
    paths.forEach(function (path) {
      var pts = [start].concat(path.map(function (c) { return at(c[0], c[1]); }));
      el("polyline", { points: pts.map(function (p) { return p[0].toFixed(1) + "," + p[1].toFixed(1); }).join(" "),
        fill: "none", stroke: "#d42a2a", "stroke-width": width, "stroke-linecap": "round", "stroke-linejoin": "round" }, svg);
    });
    routes.forEach(function (route, i) {
      var end = paths[i][paths[i].length - 1];
      if (!end) return;
      var xy = at(end[0], end[1]);
      (route.facings || []).forEach(function (rel) {
        var ang = (90 + 60 * (end[2] + rel)) * Math.PI / 180, reach = s * 1.0;
        arrow(svg, xy[0] + Math.cos(ang) * s * 0.15, xy[1] - Math.sin(ang) * s * 0.15,
          xy[0] + Math.cos(ang) * reach, xy[1] - Math.sin(ang) * reach, "#1e9e46", Math.max(2.5, width * 0.7));
      });
      if (routes.length > 1) {
        el("circle", { cx: xy[0], cy: xy[1], r: Math.max(8, s * 0.42), fill: "#fff", stroke: "#d42a2a", "stroke-width": 2 }, svg);
        var n = el("text", { x: xy[0], y: xy[1] + 5, "font-size": 14, "font-weight": 700, fill: "#d42a2a", "text-anchor": "middle" }, svg);
        n.textContent = String(i + 1);
      }
    });
    arrow(svg, start[0], start[1] + s * 0.55, start[0], start[1] - Math.max(s * 0.75, 8), "#7c3ec8", Math.max(2.5, width * 0.8));
    el("rect", { x: 1, y: 1, width: W - 2, height: H - 2, rx: 11, fill: "none", stroke: "#806f58", "stroke-width": 2 }, svg);
    return svg;
  }

  // -- Duck's route preview (issue #29): the host sends, to this seat only, where each card
  // it may choose would take its duck (game/rules/duck/preview.py, the same rules the move
  // follows); the page only draws it, on the board's own hexes around the duck --------------
  var HEX_FILL = { water: "#70bae4", start: "#b9a4ee", drain: "#96acbe" };
  function hexKey(q, r) { return q + "," + r; }
  function boardHexes(options) { // "q,r" -> [kind, colour] from the public board data
    var out = {};
    (((options || {}).board || {}).hexes || []).forEach(function (h) {
      if (Array.isArray(h) && h.length >= 3) out[hexKey(h[0], h[1])] = [String(h[2]), h[3] ? String(h[3]) : null];
    });
    return out;
  }
  var AXIAL = [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]]; // the rules' sides 0-5

  // the entries of a picked action: "card N" (the seat's duck) or "cards A B" (A for its
  // first duck, B for its second)
  function previewEntries(preview, picked) {
    var w = String(picked || "").split(" ");
    if (!preview || typeof preview !== "object") return [];
    var of = function (card, duck) {
      var list = Array.isArray(preview[card]) ? preview[card] : [];
      return list.filter(function (e) { return e && typeof e === "object" && (duck === null || e.duck === duck); });
    };
    if (w[0] === "card" && w.length === 2) return of(w[1], null);
    if (w[0] === "cards" && w.length === 3) return of(w[1], 0).concat(of(w[2], 1));
    return [];
  }

  function previewSvg(entries, board, colour, label) {
    var cells = {}, keep = function (q, r) { cells[hexKey(q, r)] = [q, r]; };
    entries.forEach(function (e) {
      var around = [e.start].concat(e.path || []);
      if (e.blocked) around.push(e.blocked);
      around.forEach(function (c) {
        keep(c[0], c[1]);
        AXIAL.forEach(function (d) { if (board[hexKey(c[0] + d[0], c[1] + d[1])]) keep(c[0] + d[0], c[1] + d[1]); });
      });
    });
    var pos = function (q, r) { return [SQ3 * (q + r / 2), 1.5 * r]; };
    var xs = [], ys = [];
    Object.keys(cells).forEach(function (k) { var p = pos(cells[k][0], cells[k][1]); xs.push(p[0]); ys.push(p[1]); });
    var minX = Math.min.apply(null, xs) - 1, maxX = Math.max.apply(null, xs) + 1;
    var minY = Math.min.apply(null, ys) - 1.1, maxY = Math.max.apply(null, ys) + 1.1;
    var s = 24, W = (maxX - minX) * s, H = (maxY - minY) * s;
    var at = function (q, r) { var p = pos(q, r); return [(p[0] - minX) * s, (p[1] - minY) * s]; };
    var svg = el("svg", { viewBox: "0 0 " + W.toFixed(1) + " " + H.toFixed(1), role: "img", "aria-label": label });
    Object.keys(cells).forEach(function (k) {
      var q = cells[k][0], r = cells[k][1], xy = at(q, r), pts = [], info = board[k];
      for (var i = 0; i < 6; i++) {
        var a = Math.PI / 180 * (30 + 60 * i);
        pts.push((xy[0] + s * 0.96 * Math.cos(a)).toFixed(1) + "," + (xy[1] - s * 0.96 * Math.sin(a)).toFixed(1));
      }
      var fill = !info ? "none" : (info[0] === "buoy" ? (BUOYS.filter(function (b) { return b[0] === info[1]; })[0] || [0, "#fff"])[1] : (HEX_FILL[info[0]] || HEX_FILL.water));
      var hex = el("polygon", { points: pts.join(" "), fill: fill, stroke: info ? "#4084b6" : "#d42a2a",
        "stroke-width": info ? 1.5 : 2.5, "stroke-dasharray": info ? "" : "5 4" }, svg);
      hex.setAttribute("data-hex", k);
      if (info && info[0] === "buoy") el("circle", { cx: xy[0], cy: xy[1], r: s * 0.3, fill: "#fff", opacity: 0.85 }, svg);
      if (info && info[0] === "drain") el("circle", { cx: xy[0], cy: xy[1], r: s * 0.45, fill: "#56687a" }, svg);
    });
    var width = Math.max(4, s * 0.2);
    entries.forEach(function (e) {
      var line = [at(e.start[0], e.start[1])].concat((e.path || []).map(function (c) { return at(c[0], c[1]); }));
      if (line.length > 1) {
        el("polyline", { points: line.map(function (p) { return p[0].toFixed(1) + "," + p[1].toFixed(1); }).join(" "),
          fill: "none", stroke: "#d42a2a", "stroke-width": width, "stroke-linecap": "round", "stroke-linejoin": "round",
          "class": "route" }, svg);
      }
      var end = e.end ? at(e.end[0], e.end[1]) : line[line.length - 1];
      if (e.blocked) { // the bonk: a bar across the side it hit
        var b = at(e.blocked[0], e.blocked[1]), mx = (end[0] + b[0]) / 2, my = (end[1] + b[1]) / 2;
        var dx = b[0] - end[0], dy = b[1] - end[1], n = Math.sqrt(dx * dx + dy * dy) || 1;
        el("line", { x1: mx - dy / n * s * 0.5, y1: my + dx / n * s * 0.5, x2: mx + dy / n * s * 0.5, y2: my - dx / n * s * 0.5,
          stroke: "#1b1d26", "stroke-width": 5, "stroke-linecap": "round", "class": "bonk" }, svg);
      }
      if (e.end) {
        (e.facings || []).forEach(function (f) {
          var ang = Math.PI / 3 * f;
          arrow(svg, end[0] + Math.cos(ang) * s * 0.3, end[1] - Math.sin(ang) * s * 0.3,
            end[0] + Math.cos(ang) * s * 0.9, end[1] - Math.sin(ang) * s * 0.9, "#1e9e46", 3);
        });
        el("circle", { cx: end[0], cy: end[1], r: s * 0.32, fill: "none", stroke: "#d42a2a", "stroke-width": 3, "class": "end" }, svg);
      }
      var st = at(e.start[0], e.start[1]), ha = Math.PI / 3 * (e.start[2] || 0);
      el("circle", { cx: st[0], cy: st[1], r: s * 0.36, fill: colour, stroke: "#fff", "stroke-width": 2, "class": "duck" }, svg);
      arrow(svg, st[0], st[1], st[0] + Math.cos(ha) * s * 0.8, st[1] - Math.sin(ha) * s * 0.8, "#7c3ec8", 3);
    });
    return svg;
  }

  function previewLines(e, t, options) { // the outcomes in words
    var at = function (c) { return hexName(c[0], c[1], options, t); };
    var lines = [];
    if (e.drain) lines.push(t.pvDrain);
    else if (e.hound) lines.push(t.pvHound);
    else if (e.bonk && e.end) lines.push((t.pvBonk[e.bonk] || t.pvBonk.edge) + " " + at(e.end));
    else if (e.end) {
      var faced = (e.facings || []).map(function (f) { return ARROWS[f] + " " + t.dirs[f]; }).join(" / ");
      lines.push(t.pvEnds + " " + at(e.end) + (faced ? " · " + t.pvFacing + " " + faced : ""));
    }
    (e.buoys || []).forEach(function (b) {
      lines.push(t.pvBuoy + " " + (t.buoyNames[b] || b) + ((e.new_buoys || []).indexOf(b) >= 0 ? " (" + t.pvNew + ")" : ""));
    });
    if (e.knocks) lines.push(t.pvKnocks + " " + e.knocks);
    if (e.again && !e.drain && !e.hound) lines.push(t.pvAgain);
    return lines;
  }

  function renderPreview(tx, seat) {
    var box = $("preview");
    box.textContent = "";
    var entries = page.game === "duck" && !page.sending ? previewEntries(page.preview, page.picked) : [];
    box.hidden = !entries.length;
    if (!entries.length) return;
    var title = document.createElement("h2");
    title.textContent = tx.pvTitle;
    box.appendChild(title);
    var board = boardHexes(page.options);
    var colour = SEAT_COLOURS[seat % SEAT_COLOURS.length];
    var many = entries.length > 1;
    entries.forEach(function (e) {
      var item = document.createElement("div");
      item.className = "pv";
      item.setAttribute("data-route", String(e.route));
      var head = many ? (e.duck ? tx.pvDuck + " " + (e.duck + 1) + " · " : "") + tx.routeN + " " + (e.route + 1) : "";
      item.appendChild(previewSvg([e], board, colour, tx.pvTitle + (head ? " · " + head : "")));
      var list = document.createElement("ul");
      if (head) { var h = document.createElement("li"); h.className = "pv-head"; h.textContent = head; list.appendChild(h); }
      previewLines(e, tx, page.options).forEach(function (line) {
        var li = document.createElement("li");
        li.textContent = line;
        list.appendChild(li);
      });
      item.appendChild(list);
      box.appendChild(item);
    });
  }

  // -- the seat's mark (game/ui/identity.py): its shape in its colour on a light badge,
  // as the table draws it beside the seat, so the phone reads as that seat's ------------
  var SEAT_MARKS = ["circle", "triangle", "square", "diamond", "star", "cross"];
  function markPoints(mark, cx, cy, r) { // as identity.mark_points
    var polar = function (radius, deg) { var a = deg * Math.PI / 180; return [cx + radius * Math.cos(a), cy + radius * Math.sin(a)]; };
    var out = [], i;
    if (mark === "circle") { for (i = 0; i < 48; i++) out.push(polar(r * 0.86, i * 7.5)); return out; }
    if (mark === "triangle") return [-90, 30, 150].map(function (a) { return polar(r, a); });
    if (mark === "square") return [-135, -45, 45, 135].map(function (a) { return polar(r * 1.04, a); });
    if (mark === "diamond") return [-90, 0, 90, 180].map(function (a) { return polar(r * 1.08, a); });
    if (mark === "star") { for (i = 0; i < 10; i++) out.push(polar(r * (i % 2 === 0 ? 1.0 : 0.45), -90 + i * 36)); return out; }
    var a = r * 0.9, b = r * 0.32; // the cross: a plus sign, arms a third of the width
    return [[cx - b, cy - a], [cx + b, cy - a], [cx + b, cy - b], [cx + a, cy - b], [cx + a, cy + b], [cx + b, cy + b],
      [cx + b, cy + a], [cx - b, cy + a], [cx - b, cy + b], [cx - a, cy + b], [cx - a, cy - b], [cx - b, cy - b]];
  }
  function seatBadge(seat) {
    var mark = SEAT_MARKS[seat % SEAT_MARKS.length], c = 50, line = 7;
    var svg = el("svg", { viewBox: "0 0 100 100", "aria-hidden": "true", "data-mark": mark });
    el("circle", { cx: c, cy: c, r: c, fill: "#262834" }, svg);
    el("circle", { cx: c, cy: c, r: c - line, fill: "#faf8f2" }, svg);
    el("polygon", { points: markPoints(mark, c, c, c * 0.62).map(function (p) { return p[0].toFixed(2) + "," + p[1].toFixed(2); }).join(" "),
      fill: SEAT_COLOURS[seat % SEAT_COLOURS.length], stroke: "#262834", "stroke-width": line, "stroke-linejoin": "round" }, svg);
    return svg;
  }

  // -- Duck's small board (issue #39): the tub drawn from the public board data with the
  // table's own sprites (life rings, buoys, the drain, each seat's duck, the hound) and
  // the tiles' labels the big screen prints; the places the seat may choose glow and are
  // tapped; then the facing is tapped on arrows around the chosen place -------------------
  var TARGET_PX = 44; // a hex a finger can hit: the board scrolls rather than go smaller
  var R = 24; // a hex's radius in the board's own units

  // the seat's place and facing choices now: spots "q,r" -> {face -> action} (a place
  // without a facing, a knocked duck's, is under face -1), faces {face -> action} for a
  // piece already on the board, and whose facing it is (the duck or the hound)
  function duckChoices(legal) {
    var spots = {}, faces = {}, whose = "duck", n = 0;
    (legal || []).forEach(function (a) {
      var w = String(a).split(" ");
      if ((w[0] === "place" || w[0] === "warp") && w.length === 4) {
        (spots[w[1]] = spots[w[1]] || {})[w[3]] = a; n += 1;
      } else if (w[0] === "send" && w.length === 2) {
        (spots[w[1]] = spots[w[1]] || {})["-1"] = a; n += 1;
      } else if (w[0] === "face" || w[0] === "rotate") {
        faces[w[1]] = a;
      } else if (w[0] === "hound" && w[1] === "face") {
        faces[w[2]] = a; whose = "hound";
      }
    });
    return { spots: spots, faces: faces, whose: whose, count: n };
  }

  function hexPos(q, r) { return [SQ3 * (q + r / 2) * R, 1.5 * r * R]; }
  function hexPoints(x, y, size) {
    var pts = [];
    for (var i = 0; i < 6; i++) {
      var a = Math.PI / 180 * (30 + 60 * i);
      pts.push((x + size * Math.cos(a)).toFixed(1) + "," + (y - size * Math.sin(a)).toFixed(1));
    }
    return pts.join(" ");
  }
  function sprite(g, name, x, y, size, cls) {
    return el("image", { href: "sprites/" + name, x: (x - size / 2).toFixed(1), y: (y - size / 2).toFixed(1),
      width: size.toFixed(1), height: size.toFixed(1), "class": cls || "" }, g);
  }
  function duckSprite(seat) { // the seat's character's duck, as on the table
    var key = String((page.seats[seat] || {}).character || "");
    return /^[a-z]{2,16}$/.test(key) && DUCK_SPRITES.indexOf(key) >= 0 ? "duck_" + key + ".svg" : "duck.svg";
  }
  var DUCK_SPRITES = ["sparky", "cookie", "pirate", "daisy", "doc", "goldie"];

  function piecesOn(view) { // "q,r" -> [sprite, seat colour or null, heading]
    var out = {}, ducks = view.ducks || [], players = page.seats.length || view.players || 1;
    var per = Math.max(1, Math.round(ducks.length / players));
    ducks.forEach(function (d, i) {
      if (!d || !Array.isArray(d.hex)) return;
      var owner = Math.floor(i / per);
      out[hexKey(d.hex[0], d.hex[1])] = [duckSprite(owner), SEAT_COLOURS[owner % SEAT_COLOURS.length], d.heading];
    });
    var hound = view.hound || {};
    if (Array.isArray(hound.hex)) out[hexKey(hound.hex[0], hound.hex[1])] = ["duck_hound.svg", null, hound.heading];
    return out;
  }

  function boardSvg(tx, view, spots) {
    var hexes = ((page.options.board || {}).hexes || []).filter(function (h) { return Array.isArray(h) && h.length >= 3; });
    var xs = [], ys = [];
    hexes.forEach(function (h) { var p = hexPos(h[0], h[1]); xs.push(p[0]); ys.push(p[1]); });
    var minX = Math.min.apply(null, xs) - R, minY = Math.min.apply(null, ys) - R * 1.1;
    var W = Math.max.apply(null, xs) + R - minX, H = Math.max.apply(null, ys) + R * 1.1 - minY;
    var svg = el("svg", { viewBox: [minX, minY, W, H].map(function (v) { return v.toFixed(1); }).join(" "),
      role: "group", "aria-label": tx.boardTitle, "class": "tub" });
    // the narrowest width at which a hex is still TARGET_PX across (the box scrolls)
    var least = Math.ceil(W * TARGET_PX / (SQ3 * R * 0.9)); // a target is 0.96 R
    svg.style.minWidth = least + "px";
    // a tablet held sideways: the whole tub in sight below the question (no wider than
    // the screen's height lets it be), never narrower than the targets allow
    svg.style.maxWidth = "max(" + least + "px, calc((100vh - 9.5rem) * " + (W / H).toFixed(3) + "))";
    var pieces = piecesOn(view), targets = [];
    hexes.forEach(function (h) {
      var p = hexPos(h[0], h[1]), key = hexKey(h[0], h[1]), kind = String(h[2]);
      var fill = kind === "drain" ? "#96acbe" : (kind === "start" ? "#9fd0ee" : "#70bae4");
      el("polygon", { points: hexPoints(p[0], p[1], R * 0.98), fill: fill, stroke: "#4084b6", "stroke-width": 1.2 }, svg);
      if (kind === "start") sprite(svg, "duck_ring.svg", p[0], p[1], R * 1.3);
      else if (kind === "buoy" && /^(red|yellow|green)$/.test(String(h[3]))) sprite(svg, "duck_buoy_" + h[3] + ".svg", p[0], p[1], R * 1.2);
      else if (kind === "drain") sprite(svg, "duck_drain.svg", p[0], p[1], R * 1.45);
      if (spots[key]) targets.push([key, p]);
    });
    ((page.options.board || {}).tiles || []).forEach(function (tile) { // as the big screen prints them
      if (!Array.isArray(tile) || tile.length < 4) return;
      var p = hexPos(tile[2], tile[3]);
      var label = el("text", { x: p[0], y: p[1] + R * 0.78, "font-size": R * 0.42, "font-weight": 700,
        fill: "#e8f4fc", "text-anchor": "middle", "class": "tile-label" }, svg);
      label.textContent = String(tile[0]) + String(tile[1]);
    });
    Object.keys(pieces).forEach(function (key) {
      var qr = key.split(","), p = hexPos(Number(qr[0]), Number(qr[1])), piece = pieces[key];
      if (piece[1]) el("circle", { cx: p[0], cy: p[1], r: R * 0.62, fill: "none", stroke: piece[1], "stroke-width": 3 }, svg);
      sprite(svg, piece[0], p[0], p[1], R * 1.1);
      var a = Math.PI / 3 * (piece[2] || 0);
      arrow(svg, p[0] + Math.cos(a) * R * 0.45, p[1] - Math.sin(a) * R * 0.45,
        p[0] + Math.cos(a) * R * 0.95, p[1] - Math.sin(a) * R * 0.95, "#7c3ec8", 3);
    });
    targets.forEach(function (tp) { // the choices last: over everything, each one a button
      var key = tp[0], p = tp[1], qr = key.split(",");
      var g = el("g", { "class": "spot" + (page.spot === key ? " chosen" : ""), role: "button", tabindex: 0,
        "data-spot": key, "aria-label": hexName(qr[0], qr[1], page.options, tx) }, svg);
      el("polygon", { points: hexPoints(p[0], p[1], R * 0.96), fill: page.spot === key ? "#ffe08a88" : "#ffffff33",
        stroke: "#e5a50a", "stroke-width": 4 }, g);
      var pick = function (event) { if (event) event.preventDefault(); chooseSpot(key, spots[key]); };
      g.addEventListener("click", pick);
      g.addEventListener("keydown", function (event) { if (event.key === "Enter" || event.key === " ") pick(event); });
    });
    return svg;
  }

  function chooseSpot(key, faces) {
    if (page.sending) return;
    var only = faces["-1"]; // a place without a facing: picked, then confirmed
    if (only) { page.spot = key; tap(only, null); return; }
    page.spot = page.spot === key ? null : key;
    page.picked = null;
    render();
  }

  // The facing: the chosen place (or the piece's own hex) and its six neighbours, large,
  // with an arrow on each side the rules allow; a tap on one sends the choice.
  function facingSvg(tx, view, q, r, faces, pieceSprite, label) {
    var S = 60, svg = el("svg", { viewBox: "-150 -130 300 260", role: "group", "aria-label": label, "class": "facing" });
    var board = boardHexes(page.options);
    for (var i = -1; i < 6; i++) {
      var dq = i < 0 ? 0 : AXIAL[i][0], dr = i < 0 ? 0 : AXIAL[i][1];
      var p = [SQ3 * (dq + dr / 2) * S, 1.5 * dr * S], info = board[hexKey(q + dq, r + dr)];
      el("polygon", { points: hexPoints(p[0], p[1], S * 0.97), fill: info ? (info[0] === "drain" ? "#96acbe" : "#70bae4") : "#d6ecf9",
        stroke: info ? "#4084b6" : "#b5cfe0", "stroke-width": 2, "stroke-dasharray": info ? "" : "6 5" }, svg);
    }
    sprite(svg, pieceSprite, 0, 0, S * 1.2);
    Object.keys(faces).forEach(function (f) {
      var n = Number(f), a = Math.PI / 3 * n, action = faces[f];
      var g = el("g", { "class": "face" + (action === page.coachShown ? " coached" : ""), role: "button", tabindex: 0, "data-face": f, "data-action": action,
        "aria-label": ARROWS[n] + " " + tx.dirs[n] }, svg);
      var cx = Math.cos(a) * S * 1.55, cy = -Math.sin(a) * S * 1.55;
      el("circle", { cx: cx, cy: cy, r: S * 0.62, fill: "#fffcf3", stroke: "#1e9e46", "stroke-width": 4 }, g);
      arrow(g, cx - Math.cos(a) * S * 0.35, cy + Math.sin(a) * S * 0.35, cx + Math.cos(a) * S * 0.4, cy - Math.sin(a) * S * 0.4, "#1e9e46", 9);
      var go = function (event) { if (event) event.preventDefault(); if (!page.sending) { page.spot = null; send(action); render(); } };
      g.addEventListener("click", go);
      g.addEventListener("keydown", function (event) { if (event.key === "Enter" || event.key === " ") go(event); });
    });
    return svg;
  }

  function pendingDuck(view, seat) { // the duck the rules ask about now (the view's pending)
    var pending = Array.isArray(view.pending) ? view.pending : [];
    var d = typeof pending[2] === "number" && pending[2] >= 0 ? pending[2] : null;
    if (d === null) { var mine = myDucks(); return mine.length ? mine[0] : null; }
    return (view.ducks || [])[d] || null;
  }

  // A duck named as the big screen names it: its seat's name ("Hana's duck"); with two
  // ducks a seat, which of the seat's two (its number there, 1 or 2)
  function duckName(d, t) {
    var players = page.seats.length || 1, ducks = ((page.view && page.view.ducks) || []).length;
    var per = Math.max(1, Math.round(ducks / players)), owner = Math.floor(d / per);
    var name = t.duckOf.replace("{name}", seatName(owner));
    return per > 1 ? name + " " + (d % per + 1) : name;
  }

  // Duck's "Ghost" and "Become the hound" tokens (advanced game, issue #39): the duck is
  // tapped on the tub (every duck drawn as on the small board, the ones the token may
  // go to glowing, each named as the big screen names it), then tapped again to play.
  // ``byDuck``: {duck -> action} of the token ``kind``; the section drawn, or null.
  function duckPickSection(tx, view, kind, byDuck) {
    var ducks = view.ducks || [], spots = {};
    Object.keys(byDuck).forEach(function (d) {
      var duck = ducks[Number(d)];
      if (duck && Array.isArray(duck.hex)) spots[hexKey(duck.hex[0], duck.hex[1])] = [Number(d), byDuck[d]];
    });
    if (!Object.keys(spots).length) return null;
    var section = document.createElement("div");
    section.className = "duck-pick";
    section.setAttribute("data-kind", kind);
    var head = document.createElement("h2");
    head.textContent = kind === "ghost" ? tx.ghostTap : tx.becomeTap;
    section.appendChild(head);
    var wrap = document.createElement("div");
    wrap.className = "tub-box";
    var svg = boardSvg(tx, view, {});
    Object.keys(spots).forEach(function (key) {
      var d = spots[key][0], action = spots[key][1], qr = key.split(","), p = hexPos(Number(qr[0]), Number(qr[1]));
      var chosen = page.picked === action;
      var g = el("g", { "class": "spot duck-spot" + (chosen ? " chosen" : ""), role: "button", tabindex: 0,
        "data-duck": d, "data-action": action, "aria-label": tx.tokens[kind] + ": " + duckName(d, tx) }, svg);
      el("polygon", { points: hexPoints(p[0], p[1], R * 0.96), fill: chosen ? "#ffe08a88" : "#ffffff33",
        stroke: "#e5a50a", "stroke-width": 4 }, g);
      var pick = function (event) { if (event) event.preventDefault(); tap(action, g); };
      g.addEventListener("click", pick);
      g.addEventListener("keydown", function (event) { if (event.key === "Enter" || event.key === " ") pick(event); });
    });
    wrap.appendChild(svg);
    section.appendChild(wrap);
    var picked = Object.keys(spots).filter(function (key) { return page.picked === spots[key][1]; })[0];
    if (picked) { // what the second tap will play, in words
      var say = document.createElement("p");
      say.className = "picked-say";
      say.textContent = tx.tokens[kind] + ": " + duckName(spots[picked][0], tx) + " · " + tx.tapother;
      section.appendChild(say);
    }
    return section;
  }

  // Draws the board and the facing into #board; true when the seat's choice is there
  // (its list of buttons is then left out).
  function renderDuckBoard(tx, view, seat) {
    var box = $("board");
    box.textContent = "";
    var c = duckChoices(page.legal);
    var spotted = c.count > 0, faced = Object.keys(c.faces).length > 0;
    box.hidden = !(spotted || faced) || page.sending;
    if (box.hidden) { page.spot = null; return false; }
    if (page.spot && !c.spots[page.spot]) page.spot = null;
    if (spotted) {
      var wrap = document.createElement("div");
      wrap.className = "tub-box";
      wrap.appendChild(boardSvg(tx, view, c.spots));
      box.appendChild(wrap);
      var chosen = page.spot ? c.spots[page.spot] : null;
      if (chosen && !chosen["-1"]) {
        var qr = page.spot.split(",");
        var name = hexName(qr[0], qr[1], page.options, tx);
        var head = document.createElement("h2");
        head.textContent = name + " · " + tx.faceTitle;
        box.appendChild(head);
        var facing = facingSvg(tx, view, Number(qr[0]), Number(qr[1]), chosen, duckSprite(seat), name);
        box.appendChild(facing);
        $("ask").textContent = tx.tapFace;
        if (page.spotShown !== page.spot) { // the arrows in sight as soon as a place is tapped
          page.spotShown = page.spot;
          requestAnimationFrame(function () { facing.scrollIntoView({ block: "nearest" }); });
        }
      } else if (!page.picked) {
        $("ask").textContent = tx.tapSpot;
      }
      requestAnimationFrame(function () { // the glowing places in sight on a narrow phone
        var first = box.querySelector(".spot.chosen") || box.querySelector(".spot");
        if (first && wrap.scrollWidth > wrap.clientWidth) {
          var r = first.getBoundingClientRect(), w = wrap.getBoundingClientRect();
          if (r.left < w.left || r.right > w.right) wrap.scrollLeft += r.left - w.left - (w.width - r.width) / 2;
        }
      });
      return true;
    }
    var hound = c.whose === "hound", piece = hound ? view.hound : pendingDuck(view, seat);
    if (!piece || !Array.isArray(piece.hex)) return false; // nowhere to draw it: the list
    var where = hexName(piece.hex[0], piece.hex[1], page.options, tx);
    var title = document.createElement("h2");
    title.textContent = (hound ? tx.hound + " · " : "") + where + " · " + tx.faceTitle;
    box.appendChild(title);
    box.appendChild(facingSvg(tx, view, piece.hex[0], piece.hex[1], c.faces, hound ? "duck_hound.svg" : duckSprite(seat), where));
    $("ask").textContent = hound ? tx.tapFaceHound : tx.tapFace;
    return true;
  }

  // -- Verflixxt! (game/rules/verflixxt/actions.py notation) ---------------------------------
  var LETTERS = "abc";
  function cardValue(card) { return Number(String(card).slice(1)); }
  function cardFace(card) { var v = cardValue(card); return v < 0 ? "−" + (-v) : String(v); }
  function cardName(card, t) { return (card[0] === "y" ? t.yellow : t.orange) + " " + cardFace(card); }

  // A track tile as the big screen prints it (issue #39: its value, never its place in
  // the track): "+5", "−3", the clover, a risk tile's "±4"; start and finish by name.
  function tileFace(tile, t) {
    var box = (page.options && page.options.box) || {}, id = String(tile);
    if (id === "start") return t.start;
    if (id === "finish") return t.finish;
    var found = (box.path_tiles || []).filter(function (x) { return x && x.id === id; })[0];
    if (found) {
      if (found.kind === "lucky") return t.clover;
      var v = Number(found.value);
      return (found.kind === "minus" || v < 0 ? "−" : "+") + Math.abs(v);
    }
    var risk = (((box.expansion || {}).risk_tiles) || []).filter(function (x) { return x && x.id === id; })[0];
    return risk ? "±" + Math.abs(Number(risk.value)) : "?";
  }
  function square(view, tile, t) { // where a piece stands: "on −5", "start"
    var track = (view && view.track) || [];
    var i = track.indexOf(tile);
    if (i <= 0) return t.start;
    if (i === track.length - 1) return t.finish;
    return t.square + " " + tileFace(tile, t);
  }

  // Verflixxt!'s strip (issue #39): the track around the pieces the seat may move, each
  // tile with its value as printed, every piece on it; the movable ones are tapped (then
  // tapped again to confirm), the tile a picked move would reach is marked. What moves
  // them: the die, or the card picked in hand (its plays: which pawn, and for the
  // unlucky hat's pawn which way, the other way's tile tapped to pick it), or the hat
  // passed after a move (the pawns on the mover's tile, no tile reached).
  var STRIP_MAX = 24; // tiles shown at most (the strip scrolls)
  function stripChoices(view, seat) { // piece ("a", "g2", "1b") -> [{action, steps}]
    var out = {}, die = Number(view.die) || 0;
    var picked = /^play \S+ \S/.test(page.picked || "") ? page.picked.split(" ")[1] : null;
    var card = page.cardPick || picked; // a card with one play shows its pawn and reach too
    var add = function (piece, action, steps) {
      if (/^[0-9][a-c]$/.test(piece) && Number(piece[0]) === seat) piece = piece[1];
      (out[piece] = out[piece] || []).push({ action: action, steps: steps });
    };
    page.legal.forEach(function (a) {
      var w = a.split(" ");
      if (w[0] === "move" && w.length === 2) add(w[1], a, die);
      else if (w[0] === "play" && w.length >= 3 && card === w[1]) {
        var v = cardValue(w[1]);
        add(w[2], a, w[3] ? (w[3] === "fwd" ? Math.abs(v) : -Math.abs(v)) : v);
      } else if (w[0] === "hat" && w.length === 3) add(w[2], a, null);
    });
    return out;
  }
  function renderStrip(tx, view, seat) { // the actions drawn on it, or null (none: the list)
    var box = $("board");
    page.reach = null;
    var moves = stripChoices(view, seat), attacks = {}; // attacks: tile index -> "attack 4 m5"
    var keys = Object.keys(moves), track = view.track || [];
    page.legal.forEach(function (a) {
      var w = a.split(" "), at = w[0] === "attack" && w.length === 3 ? track.indexOf(w[2]) : -1;
      if (at >= 0) attacks[at] = a;
    });
    if (!(keys.length || Object.keys(attacks).length) || !track.length || page.sending) return null;
    var where = function (piece) { // the tile index of a piece: "a" (own), "g2", "1b"
      if (/^g[0-9]+$/.test(piece)) return track.indexOf(((view.guardians || [])[Number(piece.slice(1)) - 1]));
      var owner = /^[0-9][a-c]$/.test(piece) ? Number(piece[0]) : seat, letter = piece.slice(-1);
      return track.indexOf((((view.pawns || [])[owner]) || [])[LETTERS.indexOf(letter)]);
    };
    var last = track.length - 1, drawn = {}, reaches = {}, lows = [], highs = [];
    var reached = function (piece, steps) { return Math.min(last, Math.max(0, where(piece) + steps)); };
    keys.forEach(function (piece) {
      var at = where(piece);
      if (at < 0) return;
      lows.push(at); highs.push(at);
      moves[piece].forEach(function (m) {
        drawn[m.action] = true;
        if (m.steps !== null) { var to = reached(piece, m.steps); lows.push(to); highs.push(to); }
      });
    });
    Object.keys(attacks).forEach(function (i) { lows.push(Number(i)); highs.push(Number(i)); });
    if (!lows.length) return null;
    var lo = Math.max(0, Math.min.apply(null, lows) - 1);
    var hi = Math.min(last, Math.max.apply(null, highs) + 1, lo + STRIP_MAX - 1);
    // the picked piece's tiles: the picked action's reach confirms it, another way's picks that way
    var pickedPiece = null;
    keys.forEach(function (piece) {
      if (moves[piece].some(function (m) { return m.action === page.picked; })) pickedPiece = piece;
    });
    if (pickedPiece !== null) {
      moves[pickedPiece].forEach(function (m) {
        if (m.steps !== null) reaches[reached(pickedPiece, m.steps)] = m.action;
      });
    }
    var target = -1;
    Object.keys(reaches).forEach(function (i) { if (reaches[i] === page.picked) target = Number(i); });
    page.reach = target >= 0 ? tileFace(track[target], tx) : null;
    var strip = document.createElement("div");
    strip.className = "strip";
    strip.setAttribute("role", "group");
    strip.setAttribute("aria-label", page.cardPick ? tx.vpawn : tx.vmove);
    for (var i = lo; i <= hi; i++) {
      var tile = track[i], cell = document.createElement("div"), way = reaches[i], attack = way ? null : attacks[i];
      if (attack) { // VX-31: the pair is played on this tile; tapped, then tapped again
        drawn[attack] = true;
        way = attack;
        cell.setAttribute("aria-label", describeVx(attack, view, seat, tx, seatName));
      }
      cell.className = "vtile" + (i === target || (attack && page.picked === attack) ? " reach" : (way ? " way" : "")) +
        (attack ? " attack" : "") + (/^l/.test(tile) ? " lucky" : "");
      if (way) { // a finger may be on the tile: it confirms (or picks the other way)
        (function (chosen) {
          cell.setAttribute("role", "button");
          cell.setAttribute("data-action", chosen);
          cell.addEventListener("click", function (event) { if (event.target === this || !event.target.closest("button")) tap(chosen, null); });
        })(way);
      }
      cell.setAttribute("data-tile", String(i));
      var face = document.createElement("span");
      face.className = "value" + (tile === "start" || tile === "finish" || /^l/.test(tile) ? " named" : "");
      face.textContent = tileFace(tile, tx);
      cell.appendChild(face);
      if (attack) {
        var pair = document.createElement("span");
        pair.className = "pair";
        pair.textContent = tx.attackTap + " " + attack.split(" ")[1] + "×2";
        cell.appendChild(pair);
      }
      (view.pawns || []).forEach(function (pawns, owner) {
        (pawns || []).forEach(function (at, k) {
          if (at !== tile) return;
          var letter = LETTERS[k], key = owner === seat ? letter : owner + letter;
          cell.appendChild(pieceButton(tx, view, seat, key, SEAT_COLOURS[owner % SEAT_COLOURS.length],
            letter.toUpperCase(), stripAction(moves[key])));
        });
      });
      (view.guardians || []).forEach(function (at, g) {
        if (at !== tile) return;
        var key = "g" + (g + 1);
        cell.appendChild(pieceButton(tx, view, seat, key, "#6b6f7e", "G", stripAction(moves[key])));
      });
      strip.appendChild(cell);
    }
    box.appendChild(strip);
    box.hidden = false;
    requestAnimationFrame(function () { // the picked piece and the tiles it may reach in sight
      var picked = strip.querySelector(".piece.picked"), first = strip.querySelector(".piece.playable");
      var from = picked || first;
      if (!from || strip.scrollWidth <= strip.clientWidth) return;
      var cells = [from.parentNode].concat(Array.from(strip.querySelectorAll(".vtile.reach, .vtile.way")));
      var left = Math.min.apply(null, cells.map(function (c) { return c.offsetLeft; })) - strip.offsetLeft - 8;
      var right = Math.max.apply(null, cells.map(function (c) { return c.offsetLeft + c.offsetWidth; })) - strip.offsetLeft + 8;
      var reach = strip.querySelector(".vtile.reach"); // too far for both: the tile it reaches wins
      if (right - left > strip.clientWidth && reach) {
        var at = reach.offsetLeft - strip.offsetLeft;
        left = reach.offsetLeft < from.parentNode.offsetLeft ? at - 8 : at + reach.offsetWidth + 8 - strip.clientWidth;
      }
      strip.scrollLeft = Math.max(0, left);
    });
    return drawn;
  }
  function stripAction(choices) { // the piece's action: the picked one of its ways, else its first
    if (!choices || !choices.length) return null;
    var picked = choices.filter(function (m) { return m.action === page.picked; })[0];
    return (picked || choices[0]).action;
  }
  function pieceButton(tx, view, seat, piece, colour, letter, action) {
    var b = document.createElement(action ? "button" : "span");
    b.className = "piece" + (action ? " playable" : "") + (action && page.picked === action ? " picked" : "");
    b.style.background = colour;
    b.textContent = letter;
    var pawn = /^[a-c]$/.test(piece) ? seat + piece : piece, hats = hatsOf(view, pawn);
    hats.forEach(function (h) { // the hat it wears, as the table draws it on the pawn
      var i = document.createElement("img");
      i.src = "sprites/verflixxt_hat_" + h + ".svg"; i.alt = ""; i.className = "piece-hat";
      b.appendChild(i);
    });
    b.setAttribute("aria-label", pieceLabel(view, seat, piece, tx, seatName) +
      hats.map(function (h) { return " · " + tx.hats[h]; }).join(""));
    if (action) {
      b.type = "button";
      b.setAttribute("data-action", action);
      b.addEventListener("click", function () { tap(action, b); });
    }
    return b;
  }

  function hatsOf(view, pawn) { // the hats a pawn ("0a") wears
    var on = (view && view.hat_on) || {};
    return Object.keys(on).filter(function (h) { return on[h] === pawn; }).sort();
  }

  function pieceLabel(view, seat, piece, t, seatName) { // "a" / "g2" / "1b" (another seat's)
    if (/^g[0-9]+$/.test(piece)) {
      var g = Number(piece.slice(1));
      return t.guardian + " " + g + " · " + square(view, ((view && view.guardians) || [])[g - 1], t);
    }
    var owner = seat, letter = piece;
    if (/^[0-9][a-c]$/.test(piece)) { owner = Number(piece[0]); letter = piece[1]; }
    var where = ((((view && view.pawns) || [])[owner]) || [])[LETTERS.indexOf(letter)];
    var who = owner === seat ? t.pawn : (seatName(owner) + t.pawnOf);
    return who + " " + letter.toUpperCase() + " · " + square(view, where, t);
  }

  function describeVx(action, view, seat, t, seatName) {
    var w = String(action).split(" ");
    var piece = function (p) { return pieceLabel(view, seat, p, t, seatName || function (q) { return "P" + (q + 1); }); };
    switch (w[0]) {
      case "roll": return t.roll;
      case "draw": return t.draw;
      case "stop": return t.stopturn;
      case "move": return t.moveN + ": " + piece(w[1]);
      case "play":
        if (w.length === 2) return t.playN + " " + cardName(w[1], t) + " (" + t.nomove + ")";
        return t.playN + " " + cardName(w[1], t) + " " + t.on + " " + piece(w[2]) +
          (w[3] ? " (" + (w[3] === "fwd" ? t.fwd : t.back) + ")" : "");
      case "hat":
        if (w[1] === "keep") return t.hatkeep;
        return ({ take: t.hattake, give: t.hatgive, swap: t.hatswap })[w[1]] + " " + piece(w[2]);
      case "attack": return t.attackN + " " + w[1] + " · " + square(view, w[2], t);
      default: return String(action);
    }
  }

  // -- Cluck-peep! (game/rules/cluck/tiles.py: a band, one way up) ---------------------------
  var COLUMNS = 5, ROW_UNITS = 4;
  function bandOf(tiles, id, turned) { // the tile data in the options, as tiles.py's Band
    var road = ((tiles || {}).road || []).filter(function (r) { return r.id === id; })[0];
    if (!road) return null;
    var band = { rungs: (road.rungs || []).slice().sort(), hole: road.hole.column, above: road.hole.side === "above" };
    if (!turned) return band;
    return { rungs: band.rungs.map(function (r) { return COLUMNS - 2 - r; }).sort(),
      hole: COLUMNS - 1 - band.hole, above: !band.above };
  }

  // A road tile drawn as game/scenes/cluck/art.py paints it: the meadow, five lanes, the
  // rungs halfway down, the hole above or below them.
  function tileSvg(band, label) {
    var W = 250, H = 100, col = W / COLUMNS, unit = H / ROW_UNITS, road = 9;
    var svg = el("svg", { viewBox: "0 0 " + W + " " + H, role: "img", "aria-label": label });
    var clip = el("clipPath", { id: "c" + Math.random().toString(36).slice(2) }, el("defs", {}, svg));
    el("rect", { x: 0, y: 0, width: W, height: H, rx: 14 }, clip);
    var ground = el("g", { "clip-path": "url(#" + clip.getAttribute("id") + ")" }, svg);
    el("rect", { x: 0, y: 0, width: W, height: H, fill: "#a6d67f" }, ground);
    for (var x = 0; x < W; x += H) { // the meadow tiled, cut at the tile's edge
      el("image", { href: "sprites/cluck_meadow.svg", x: x, y: 0, width: Math.min(H, W - x), height: H,
        preserveAspectRatio: "xMinYMin slice" }, ground);
    }
    var xs = [];
    for (var c = 0; c < COLUMNS; c++) xs.push(col * (c + 0.5));
    var segs = xs.map(function (x) { return [x, 0, x, H]; });
    band.rungs.forEach(function (r) { segs.push([xs[r], 2 * unit, xs[r + 1], 2 * unit]); });
    [[road + 4, "#b8925a"], [road, "#f0deac"]].forEach(function (pen) {
      segs.forEach(function (sg) {
        el("line", { x1: sg[0], y1: sg[1], x2: sg[2], y2: sg[3], stroke: pen[1], "stroke-width": pen[0], "stroke-linecap": "round" }, ground);
      });
    });
    var hx = xs[band.hole], hy = (band.above ? 1 : 3) * unit, hw = Math.min(col * 0.42, H * 0.36);
    el("ellipse", { cx: hx, cy: hy, rx: hw / 2 + 2, ry: hw * 0.3 + 2, fill: "#966e40" }, ground);
    el("ellipse", { cx: hx, cy: hy, rx: hw / 2, ry: hw * 0.3, fill: "#56381e" }, ground);
    el("rect", { x: 1, y: 1, width: W - 2, height: H - 2, rx: 13, fill: "none", stroke: "#689648", "stroke-width": 3 }, svg);
    return svg;
  }

  // -- the page -----------------------------------------------------------------------------
  var $ = function (id) { return document.getElementById(id); };
  var page = {
    lang: "en", code: null, token: null, seat: null, ws: null, attempt: 0, stopped: false,
    game: null, options: {}, view: null, toAct: [], legal: [], seats: [], nextId: 1,
    picked: null, sending: false, timer: null, shownAt: null,
    cardPick: null, flip: {}, preview: {}, spot: null, spotShown: null,
    myTurn: false, flashTimer: null, wake: null, waking: false, reach: null, dieFace: null, rowTile: null,
    n: 0, coach: null, coachAsked: null, coachShown: null
  };
  function t() { return TEXTS[page.lang]; }

  function setLanguage(lang, remember) {
    page.lang = lang;
    document.documentElement.lang = lang;
    if (remember) { try { localStorage.setItem("derby.phone.lang", lang); } catch (e) { /* private mode */ } }
    $("lang").textContent = t().lang;
    $("join-title").textContent = t().join;
    $("join-code-label").textContent = t().code;
    $("join-key-label").textContent = t().key;
    $("join-go").textContent = t().go;
    render();
  }

  function say(text) {
    var box = $("message");
    box.hidden = !text;
    box.textContent = text || "";
  }

  function connect() {
    if (page.stopped) return;
    clearTimeout(page.timer);
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    var ws;
    try { ws = new WebSocket(scheme + location.host + "/"); } catch (e) { retry(); return; }
    page.ws = ws;
    ws.onopen = function () {
      ws.send(JSON.stringify({ v: VERSION, type: "rejoin", code: page.code, token: page.token }));
    };
    ws.onmessage = function (event) {
      if (typeof event.data !== "string" || event.data.length > MAX_MESSAGE) return;
      var message;
      try { message = JSON.parse(event.data); } catch (e) { return; }
      if (message && typeof message === "object" && message.v === VERSION) receive(message);
      else if (message && message.type === "error" && message.code === "version") stop(t().version);
    };
    ws.onclose = function () {
      if (page.ws !== ws) return;
      page.ws = null;
      page.sending = false;
      lineShown(false);
      retry();
    };
  }

  function retry() {
    if (page.stopped) return;
    say(t().lost);
    page.timer = setTimeout(connect, backoff(page.attempt++));
  }

  function stop(text) {
    page.stopped = true;
    say(text);
    if (page.ws) { try { page.ws.close(); } catch (e) { /* closed */ } }
  }

  function lineShown(on) { $("line").className = on ? "line-on" : "line-off"; }

  function receive(m) {
    switch (m.type) {
      case "welcome":
        if (typeof m.seat !== "number") return;
        page.attempt = 0;
        remember(page.code, page.token);
        page.seat = m.seat; page.game = m.game; page.options = m.options || {};
        page.seats = Array.isArray(m.seats) ? m.seats : [];
        page.view = m.view; page.toAct = m.to_act || []; page.legal = Array.isArray(m.legal) ? m.legal : [];
        page.preview = m.preview && typeof m.preview === "object" ? m.preview : {};
        page.nextId = (typeof m.last_id === "number" ? m.last_id : 0) + 1;
        page.picked = null; page.sending = false;
        newPosition(m.n);
        lineShown(true); say("");
        $("join").hidden = true; $("play").hidden = false;
        render();
        if (page.shownAt === null) { page.shownAt = performance.now(); window.derbyHandShown = page.shownAt; }
        break;
      case "update":
        page.view = m.view; page.toAct = m.to_act || [];
        page.legal = Array.isArray(m.legal) ? m.legal : [];
        page.preview = m.preview && typeof m.preview === "object" ? m.preview : {};
        if (typeof m.ack === "number") page.sending = false;
        page.picked = null;
        newPosition(m.n);
        window.derbyUpdates = (window.derbyUpdates || 0) + 1;
        render();
        break;
      case "seats":
        if (Array.isArray(m.seats)) { page.seats = m.seats; render(); }
        break;
      case "coach":
        takeCoach(m);
        break;
      case "refusal":
        if (/^coach_/.test(String(m.code))) { // the coach's refusal: an action in flight stays so
          page.coachAsked = null;
          $("note").textContent = t().coachNo[m.code] || String(m.reason || "").slice(0, 200);
          render();
          break;
        }
        page.sending = false;
        if (m.code === "replayed") page.nextId += 1;
        $("note").textContent = t().refused + String(m.reason || "").slice(0, 200);
        render();
        break;
      case "error":
        if (m.code === "replaced") stop(t().replaced);
        else if (m.code === "token") { forget(); stop(t().badtoken); showJoin(); }
        else if (m.code === "guesses") { stop(t().guesses); showJoin(); }
        else if (m.code === "code") { forget(); stop(t().badcode); showJoin(); }
        else if (m.code === "closed") { forget(); stop(t().gone); }
        else if (m.code === "version") stop(t().version);
        break;
      default:
        break; // "record" and others: the big screen shows them
    }
  }

  function send(action) {
    if (!page.ws || page.ws.readyState !== 1 || page.sending) return;
    page.sending = true;
    page.cardPick = null;
    window.derbySentEpoch = performance.timeOrigin + performance.now(); // for tools/bench_phone.py
    page.ws.send(JSON.stringify({ v: VERSION, type: "action", id: page.nextId++, action: action }));
    $("confirm").hidden = false;
    $("confirm").textContent = t().sent;
  }

  function tap(action, node) { // a choice is confirmed by a second tap
    if (page.sending) return;
    if (page.picked === action) { page.picked = null; send(action); render(); return; }
    page.picked = action;
    render();
  }

  function myDucks() {
    var ducks = (page.view && page.view.ducks) || [], players = page.seats.length || 1;
    var per = Math.max(1, Math.round(ducks.length / players));
    return ducks.slice(page.seat * per, (page.seat + 1) * per);
  }

  function isOver(view) {
    if (page.game === "duck") return view.winner !== null && view.winner !== undefined;
    if (page.game === "routes") return !!view.over;
    return view.phase === "over";
  }

  function seatName(q) {
    var info = page.seats[q] || {};
    return String(info.name || ("P" + (q + 1))).slice(0, 16);
  }

  function choiceButton(list, action, label, extra) {
    var b = document.createElement("button");
    b.type = "button";
    b.setAttribute("data-action", action);
    if (extra) extra(b);
    b.appendChild(document.createTextNode(label));
    if (page.picked === action) b.className = "picked";
    b.addEventListener("click", function () { tap(action, b); });
    list.appendChild(b);
    return b;
  }

  function render() {
    if (!page.view || page.seat === null) return;
    var tx = t(), view = page.view, seat = page.seat;
    $("seat-name").textContent = String((page.seats[seat] || {}).name || "").slice(0, 16);
    var badge = $("seat-mark");
    if (badge.getAttribute("data-seat") !== String(seat)) { // the seat's colour and mark
      badge.textContent = "";
      badge.appendChild(seatBadge(seat));
      badge.setAttribute("data-seat", String(seat));
      $("top").style.borderBottom = "5px solid " + SEAT_COLOURS[seat % SEAT_COLOURS.length];
    }
    var key = promptKey(page.legal, page.toAct, seat, isOver(view), page.game);
    $("ask").textContent = page.sending ? tx.sentwait : tx[key];
    yourTurn(key !== "wait" && key !== "over" && !page.sending);
    keepAwake();
    $("hand").textContent = "";
    $("choices").textContent = "";
    $("tokens").textContent = "";
    document.body.setAttribute("data-game", String(page.game || ""));
    $("board").textContent = ""; $("board").hidden = true;
    if (page.game === "verflixxt") renderVerflixxt(tx, view, seat);
    else if (page.game === "cluck") renderCluck(tx, view, seat);
    else if (page.game === "routes") renderRoutes(tx, view, seat);
    else renderDuck(tx, view, seat);
    renderPreview(tx, seat);
    renderCoach(tx, key !== "wait" && key !== "over" && !page.sending);
    var confirm = $("confirm");
    confirm.hidden = page.picked === null && !page.sending;
    var again = page.game === "cluck" && page.picked && page.picked.indexOf("place ") === 0 ? tx.belowLadder
      : (page.picked && /^(card|play) /.test(page.picked) ? tx.tapagain : tx.tapother);
    if (page.game === "verflixxt" && page.reach && page.picked && /^(move|play) /.test(page.picked)) again += " → " + page.reach;
    confirm.textContent = page.sending ? tx.sent : again;
  }

  // -- the coach (issue #40) -------------------------------------------------------------------
  // At the seat's decision a button asks the host what the hard computer would play; the
  // host answers this phone only, in its language: the pick, why, what was measured and
  // the alternatives ranked (``lines``), and the options shown (``options``: the move in
  // the rules' notation and its words). The option tapped is shown on the small board
  // as the person's own first tap would show it; a second tap on it there plays it.
  function newPosition(n) {
    var at = typeof n === "number" ? n : page.n;
    if (at !== page.n) { page.coach = null; page.coachAsked = null; page.coachShown = null; }
    page.n = at;
  }

  function askCoach() {
    if (!page.ws || page.ws.readyState !== 1 || page.coachAsked === page.n) return;
    page.coachAsked = page.n;
    $("note").textContent = "";
    page.ws.send(JSON.stringify({ v: VERSION, type: "coach", n: page.n, lang: page.lang }));
    render();
  }

  function coachWords(value, most) {
    return typeof value === "string" && value.length > 0 && value.length <= most;
  }

  function takeCoach(m) { // checked field by field; an answer for another position is dropped
    page.coachAsked = null;
    if (typeof m.n !== "number" || m.n !== page.n) { render(); return; }
    var lines = Array.isArray(m.lines) ? m.lines.slice(0, 8).filter(function (l) { return coachWords(l, 400); }) : [];
    var options = Array.isArray(m.options) ? m.options.slice(0, 8).filter(function (o) {
      return o && typeof o === "object" && coachWords(o.action, 40) && coachWords(o.text, 400);
    }) : [];
    if (!lines.length || !options.length) { render(); return; }
    page.coach = { n: m.n, lang: page.lang, lines: lines, options: options, shown: 0 };
    showPick(options[0].action);
    render();
  }

  // The option on the small board, as the person's first tap on it would show it: a Duck
  // card's route, a place's arrows, a pawn's reach, a tile as it would lie, a die's ways.
  function showPick(action) {
    page.coachShown = action;
    page.picked = null; page.spot = null; page.cardPick = null; page.dieFace = null;
    if (page.legal.indexOf(action) < 0) return;
    var w = action.split(" ");
    if (page.game === "duck") {
      var spots = duckChoices(page.legal).spots;
      for (var key in spots) {
        for (var f in spots[key]) {
          if (spots[key][f] !== action) continue;
          page.spot = key;
          if (f === "-1") page.picked = action; // a place with no facing: picked, as a tap
          return;
        }
      }
    } else if (page.game === "verflixxt" && w[0] === "play") {
      page.cardPick = w[1];
    } else if (page.game === "routes" && (w[0] === "A" || w[0] === "B")) {
      page.dieFace = w[1];
    } else if (page.game === "cluck" && w[0] === "place") {
      page.flip[w[1]] = w[2] === "turned";
      page.rowTile = Number(w[1]);
    }
    page.picked = action;
  }

  function renderCoach(tx, deciding) {
    var box = $("coach");
    box.textContent = "";
    box.hidden = !deciding;
    if (!deciding) return;
    var coach = page.coach && page.coach.n === page.n ? page.coach : null;
    if (!coach) {
      var ask = document.createElement("button");
      ask.type = "button"; ask.className = "big coach-ask"; ask.id = "coach-ask";
      var asking = page.coachAsked === page.n;
      ask.disabled = asking;
      ask.textContent = asking ? tx.coachThinking : tx.coach;
      ask.addEventListener("click", askCoach);
      box.appendChild(ask);
      var marked = document.createElement("p");
      marked.className = "coach-note"; marked.textContent = tx.coachMarked;
      box.appendChild(marked);
      return;
    }
    var head = document.createElement("h2");
    head.textContent = tx.coachTitle;
    box.appendChild(head);
    var said = coach.lines.slice(0, Math.max(1, coach.lines.length - (coach.options.length - 1)));
    said.forEach(function (line, i) {
      var p = document.createElement("p");
      p.className = i === 0 ? "coach-pick" : "coach-line";
      p.textContent = line;
      box.appendChild(p);
    });
    var list = document.createElement("div");
    list.className = "choices coach-options";
    coach.options.forEach(function (o, i) {
      var b = document.createElement("button");
      b.type = "button";
      b.setAttribute("data-coach", o.action);
      if (i === coach.shown) b.className = "picked";
      b.appendChild(document.createTextNode(o.text));
      b.addEventListener("click", function () { coach.shown = i; showPick(o.action); render(); });
      list.appendChild(b);
    });
    box.appendChild(list);
    var shown = document.createElement("p");
    shown.className = "coach-note";
    shown.textContent = tx.coachShown + " " + coach.options[coach.shown].text.split(/[:：]/)[0];
    box.appendChild(shown);
    if (coach.lang !== page.lang && page.coachAsked !== page.n) { // the same say in the new language
      coach.lang = page.lang;
      setTimeout(askCoach, 0);
    }
  }

  function chip(text, colour, image) {
    var c = document.createElement("span");
    c.className = "chip";
    if (image) { var i = document.createElement("img"); i.src = image; i.alt = ""; i.className = "chip-img"; c.appendChild(i); }
    if (colour) { var d = document.createElement("span"); d.className = "dot"; d.style.background = colour; c.appendChild(d); }
    c.appendChild(document.createTextNode(text));
    $("tokens").appendChild(c);
    return c;
  }

  function renderDuck(tx, view, seat) {
    // the hand: each card drawn from the deck's data; a legal card is a target
    var deck = {};
    ((page.options.deck || {}).cards || []).forEach(function (c) { deck[c.number] = c.routes || []; });
    var hand = ((view.hands || [])[seat] || []).filter(function (n) { return n > 0; });
    var secret = ((view.secret || [])[seat] || []);
    var byCard = {};
    page.legal.forEach(function (a) {
      var w = a.split(" ");
      if ((w[0] === "card" || w[0] === "order") && w.length === 2) byCard[w[1]] = a;
    });
    var box = $("hand");
    hand.concat(secret.filter(function (n) { return n > 0 && hand.indexOf(n) < 0; })).forEach(function (n) {
      var b = document.createElement("button");
      b.type = "button";
      b.className = "card";
      b.setAttribute("data-card", String(n));
      b.appendChild(cardSvg(n, deck[n] || [], tx.cardN + " " + n));
      var action = byCard[String(n)];
      if (action) {
        b.className += " playable" + (page.picked === action ? " picked" : "");
        b.addEventListener("click", function () { tap(action, b); });
      } else {
        b.disabled = true;
      }
      box.appendChild(b);
    });
    if (!hand.length) { var none = document.createElement("p"); none.textContent = tx.nohand; box.appendChild(none); }
    // the places and facings on the small board; the other choices: large buttons
    var onBoard = renderDuckBoard(tx, view, seat);
    var list = $("choices");
    var tokenDucks = { ghost: {}, become: {} }; // the ducks a token may go to, tapped on the tub
    page.legal.forEach(function (a) {
      var w = a.split(" ");
      if ((w[0] === "ghost" || w[0] === "become") && w.length === 2 && /^[0-9]{1,2}$/.test(w[1])) tokenDucks[w[0]][w[1]] = a;
    });
    var onTub = {};
    if (!page.sending) {
      ["ghost", "become"].forEach(function (kind) {
        var section = duckPickSection(tx, view, kind, tokenDucks[kind]);
        if (section) { list.appendChild(section); onTub[kind] = true; }
      });
    }
    page.legal.forEach(function (a) {
      var w = a.split(" ");
      if (onTub[w[0]] && tokenDucks[w[0]][w[1]] === a) return;
      if ((w[0] === "card" || w[0] === "order") && w.length === 2 && hand.indexOf(Number(w[1])) >= 0) return;
      if (onBoard && /^(place|warp|send|face|rotate)$/.test(w[0])) return;
      if (onBoard && w[0] === "hound" && w[1] === "face") return;
      choiceButton(list, a, describe(a, tx, page.options));
    });
    // the tokens held and the buoys touched
    var blue = (view.blue || [])[seat] || 0;
    if (blue) chip(tx.blue + " ×" + blue, "#2f6fd0");
    ((view.tokens || [])[seat] || []).forEach(function (kind) { chip(tx.tokens[kind] || String(kind)); });
    myDucks().forEach(function (duck) {
      BUOYS.forEach(function (b, i) { if ((duck.buoys || 0) & (1 << i)) chip(tx.buoys, b[1]); });
    });
  }

  // Verflixxt!: the cards in hand drawn as on the table (its own card pictures, the value
  // in the card's ink); a card with one play is played by two taps (the strip shows the
  // piece and the tile it reaches meanwhile), a card with several is tapped, then the piece
  // it moves on the strip (issue #39), twice; the hats beneath.
  function renderVerflixxt(tx, view, seat) {
    var hand = ((view.hands || [])[seat] || []).filter(function (c) { return c && c !== "?"; });
    var plays = {};
    page.legal.forEach(function (a) {
      var w = a.split(" ");
      if (w[0] === "play") (plays[w[1]] = plays[w[1]] || []).push(a);
    });
    if (page.cardPick && !plays[page.cardPick]) page.cardPick = null;
    var box = $("hand");
    hand.forEach(function (card) {
      var b = document.createElement("button");
      b.type = "button";
      b.className = "card vcard " + (card[0] === "y" ? "yellow" : "orange");
      b.setAttribute("data-card", card);
      b.setAttribute("aria-label", cardName(card, tx));
      var img = document.createElement("img");
      img.src = "sprites/verflixxt_card_" + (card[0] === "y" ? "yellow" : "orange") + ".svg";
      img.alt = "";
      b.appendChild(img);
      var face = document.createElement("span");
      face.className = "face";
      face.textContent = cardFace(card);
      b.appendChild(face);
      var mine = plays[card] || [];
      if (mine.length) {
        b.setAttribute("data-plays", String(mine.length));
        var chosen = mine.length === 1 ? page.picked === mine[0] : page.cardPick === card;
        b.className += " playable" + (chosen ? " picked" : "");
        b.addEventListener("click", function () {
          if (mine.length === 1) { page.cardPick = null; tap(mine[0], b); return; }
          page.cardPick = page.cardPick === card ? null : card;
          page.picked = null;
          render();
        });
      } else {
        b.disabled = true;
      }
      box.appendChild(b);
    });
    if (!hand.length && view.hands && (view.hands[seat] || []).length === 0 && page.options.variant === "hats") {
      var none = document.createElement("p"); none.textContent = tx.nohand; box.appendChild(none);
    }
    var onStrip = renderStrip(tx, view, seat);
    var list = $("choices");
    var multi = Object.keys(plays).some(function (c) { return plays[c].length > 1 && hand.indexOf(c) >= 0; });
    if (multi && !page.cardPick && !page.sending && page.toAct.indexOf(seat) >= 0) {
      $("ask").textContent = tx.vpick;
    }
    if (page.cardPick && onStrip && !page.sending) $("ask").textContent = tx.vpawn;
    page.legal.forEach(function (a) {
      var w = a.split(" ");
      if (w[0] === "play" && hand.indexOf(w[1]) >= 0 && (plays[w[1]].length === 1 || page.cardPick !== w[1])) return;
      if (onStrip && onStrip[a]) return; // tapped on the strip
      choiceButton(list, a, describeVx(a, view, seat, tx, seatName), function (b) {
        var piece = w[0] === "play" ? w[2] : (w[0] === "move" ? w[1] : (w[0] === "hat" ? w[2] : null));
        if (!piece) return;
        var pawn = /^[a-c]$/.test(piece) ? seat + piece : piece;
        hatsOf(view, pawn).forEach(function (h) {
          var i = document.createElement("img");
          i.src = "sprites/verflixxt_hat_" + h + ".svg"; i.alt = tx.hats[h]; i.className = "hat-img";
          b.appendChild(i);
        });
      });
    });
    // the hats: who wears them, and those this seat brought home
    if (page.options.variant === "hats" || Object.keys(view.hat_on || {}).some(function (h) { return view.hat_on[h]; })) {
      Object.keys(view.hat_on || {}).sort().forEach(function (h) {
        var on = view.hat_on[h];
        var where = on ? tx.hatOn + " " + pieceLabel(view, seat, on, tx, seatName) : tx.hatFree;
        chip(tx.hats[h] + " · " + where, null, "sprites/verflixxt_hat_" + h + ".svg").setAttribute("data-hat", h);
      });
      ((view.hats_home || [])[seat] || []).forEach(function (h) {
        chip(tx.hats[h] + " · " + tx.hatHome, null, "sprites/verflixxt_hat_" + h + ".svg");
      });
    }
  }

  // Cluck-peep!: the road tiles in hand drawn from the tile data; each one turned over by
  // its own button (the picture turns) and laid below the ladder by two taps on it.
  // Cluck-peep!'s start row (issue #39): the START tile's five holes as the table draws
  // the road (the meadow, five lanes), the chickens already in theirs (their own sprites),
  // the free holes numbered as on the big screen; a hole is tapped, then tapped again.
  var CHICKEN_SPRITES = ["henrietta", "clucky", "pepper", "nugget"];
  function chickenSprite(q) {
    var key = String((page.seats[q] || {}).character || "");
    return CHICKEN_SPRITES.indexOf(key) >= 0 ? "cluck_" + key + ".svg" : "cluck_" + CHICKEN_SPRITES[q % 4] + ".svg";
  }
  function renderStartRow(tx, view, seat) {
    var holes = {};
    page.legal.forEach(function (a) { var w = a.split(" "); if (w[0] === "hole" && w.length === 2) holes[w[1]] = a; });
    if (!Object.keys(holes).length || page.sending) return false;
    var W = 340, H = 150, col = W / COLUMNS, y = 70;
    var svg = el("svg", { viewBox: "0 0 " + W + " " + H, role: "group", "aria-label": tx.chole, "class": "startrow" });
    el("rect", { x: 0, y: 0, width: W, height: H, rx: 14, fill: "#a6d67f" }, svg);
    for (var x = 0; x < W; x += H) sprite(svg, "cluck_meadow.svg", x + H / 2, H / 2, H);
    for (var c = 0; c < COLUMNS; c++) {
      var cx = col * (c + 0.5);
      el("line", { x1: cx, y1: 0, x2: cx, y2: H, stroke: "#b8925a", "stroke-width": 13, "stroke-linecap": "round" }, svg);
      el("line", { x1: cx, y1: 0, x2: cx, y2: H, stroke: "#f0deac", "stroke-width": 9, "stroke-linecap": "round" }, svg);
    }
    for (c = 0; c < COLUMNS; c++) {
      var hx = col * (c + 0.5), action = holes[String(c)], owner = (view.chickens || []).indexOf(c);
      var g = el("g", action ? { "class": "hole" + (page.picked === action ? " chosen" : ""), role: "button", tabindex: 0,
        "data-action": action, "aria-label": tx.holeN + " " + (c + 1) } : {}, svg);
      if (action) el("rect", { x: hx - col / 2 + 3, y: 4, width: col - 6, height: H - 8, rx: 10,
        fill: page.picked === action ? "#ffe08a99" : "#ffffff22", stroke: "#e5a50a", "stroke-width": 4 }, g);
      el("ellipse", { cx: hx, cy: y, rx: 20, ry: 12, fill: "#966e40" }, g);
      el("ellipse", { cx: hx, cy: y, rx: 17, ry: 10, fill: "#56381e" }, g);
      if (owner >= 0) sprite(g, chickenSprite(owner), hx, y - 14, 46);
      var n = el("text", { x: hx, y: H - 14, "text-anchor": "middle", "font-size": 18, "font-weight": 700, fill: "#262834" }, g);
      n.textContent = String(c + 1);
      if (action) {
        (function (chosen, node) {
          var go = function (event) { if (event) event.preventDefault(); tap(chosen, node); };
          node.addEventListener("click", go);
          node.addEventListener("keydown", function (event) { if (event.key === "Enter" || event.key === " ") go(event); });
        })(action, g);
      }
    }
    var box = $("board");
    box.appendChild(svg);
    box.hidden = false;
    return true;
  }

  // -- Eight Routes (issue #39): the draft from the phone. The lid's dice drawn as the table
  // draws them (the d8 in its route's colour, its number on it); a die tapped offers
  // "take all" and "take one" (ER-12 A and B); the routes' actions and the round chip in
  // words; nothing here is secret (the big screen shows it all), the phone is a remote.
  var ROUTE_COLOURS = ["#e2b034", "#e76f51", "#2a9d8f", "#457bc8", "#8c62c4", "#d66096", "#60a048", "#606c80"];
  function routesWords(action, t) {
    var w = String(action).split(" ");
    switch (w[0]) {
      case "C": {
        var face = Number(w[1].slice(0, -1)), up = w[1].slice(-1) === "+";
        return t.change + (page.lang === "ja" ? "：" : ": ") + face + " → " + (face + (up ? 1 : -1));
      }
      case "D": return t.push;
      case "chip": return w[1] === "pass" ? t.chipPass : t.chipN.replace("{r}", w[1]);
      case "end": return t.endN;
      case "A": return t.takeAll + " " + w[1];
      case "B": return t.takeOne + " " + w[1];
      default: return String(action);
    }
  }
  function renderRoutes(tx, view, seat) {
    var take = {};
    page.legal.forEach(function (a) {
      var w = a.split(" ");
      if ((w[0] === "A" || w[0] === "B") && w.length === 2) (take[w[1]] = take[w[1]] || {})[w[0]] = a;
    });
    var lid = Array.isArray(view.lid) ? view.lid : [];
    if (page.dieFace && !take[page.dieFace]) page.dieFace = null;
    var box = $("board");
    if (lid.length) {
      var row = document.createElement("div");
      row.className = "lid";
      row.setAttribute("role", "group");
      row.setAttribute("aria-label", tx.lid);
      lid.forEach(function (count, i) {
        var face = String(i + 1), can = take[face] && !page.sending;
        var die = document.createElement(can ? "button" : "span");
        die.className = "die" + (can ? " playable" : "") + (page.dieFace === face ? " picked" : "") + (count ? "" : " none");
        die.setAttribute("data-face", face);
        die.setAttribute("aria-label", face + " × " + count);
        die.style.setProperty("--route", ROUTE_COLOURS[i % 8]);
        var img = document.createElement("img");
        img.src = "sprites/routes_d8.svg"; img.alt = "";
        die.appendChild(img);
        var n = document.createElement("span"); n.className = "pip"; n.textContent = face; die.appendChild(n);
        var k = document.createElement("span"); k.className = "count"; k.textContent = "×" + count; die.appendChild(k);
        if (can) {
          die.type = "button";
          die.addEventListener("click", function () { page.dieFace = page.dieFace === face ? null : face; page.picked = null; render(); });
        }
        row.appendChild(die);
      });
      box.appendChild(row);
      box.hidden = false;
    }
    var list = $("choices");
    if (page.dieFace) { // the picked die's ways: all of that number, or one
      var count = lid[Number(page.dieFace) - 1] || 0, ways = take[page.dieFace];
      var sep = page.lang === "ja" ? "：" : ": ";
      if (ways.A) choiceButton(list, ways.A, tx.takeAll + sep + page.dieFace + " × " + count);
      if (ways.B && (count > 1 || !ways.A)) choiceButton(list, ways.B, tx.takeOne + sep + page.dieFace);
    } else if (Object.keys(take).length && !page.sending) {
      $("ask").textContent = tx.tapDie;
    }
    page.legal.forEach(function (a) {
      var w = a.split(" ");
      if (w[0] === "A" || w[0] === "B") return;
      choiceButton(list, a, routesWords(a, tx));
    });
  }

  // Cluck-peep!'s ladder (issue #39): its last row as the big screen shows it and, below
  // it, the free row with the picked tile as it would lie there; the tile in the free row
  // is tapped to turn it over, "Lay it here" lays it.
  function renderLadderRow(tx, view, seat, tiles, hand, legal) {
    var playable = hand.filter(function (id) { return legal["place " + id + " up"] || legal["place " + id + " turned"]; });
    if (!playable.length || page.sending) return false;
    // the tile picked in the hand, else the one last shown in the free row, else the first
    var picked = page.picked && page.picked.indexOf("place ") === 0 ? Number(page.picked.split(" ")[1]) : page.rowTile;
    if (playable.indexOf(picked) < 0) picked = playable[0];
    page.rowTile = picked;
    var turned = !!page.flip[picked], action = "place " + picked + " " + (turned ? "turned" : "up");
    var box = $("board"), wrap = document.createElement("div");
    wrap.className = "ladder";
    var ladder = Array.isArray(view.ladder) ? view.ladder : [], last = ladder[ladder.length - 1];
    var top = document.createElement("div");
    top.className = "rung-row";
    if (last && typeof last.tile === "number") {
      var band = bandOf(tiles, last.tile, last.orientation === "turned");
      var name = tx.ladderLast + " · " + tx.tileN + " " + last.tile;
      if (band) top.appendChild(tileSvg(band, name));
      var cap = document.createElement("span"); cap.className = "caption"; cap.textContent = name; top.appendChild(cap);
    } else {
      top.textContent = tx.ladderStart;
    }
    wrap.appendChild(top);
    var free = document.createElement("button");
    free.type = "button";
    free.className = "freerow" + (legal[action] ? "" : " blocked");
    free.setAttribute("data-turn", String(picked));
    var fb = bandOf(tiles, picked, turned), label = tx.tileN + " " + picked + " · " + (turned ? tx.turnedN : tx.upright);
    if (fb) free.appendChild(tileSvg(fb, label));
    var fc = document.createElement("span"); fc.className = "caption"; fc.textContent = label + " · " + tx.tapTurn; free.appendChild(fc);
    free.addEventListener("click", function () { page.flip[picked] = !page.flip[picked]; page.picked = null; render(); });
    wrap.appendChild(free);
    var lay = document.createElement("button");
    lay.type = "button";
    lay.className = "big lay";
    lay.setAttribute("data-action", action);
    lay.textContent = tx.layHere;
    lay.disabled = !legal[action];
    lay.addEventListener("click", function () { if (legal[action] && !page.sending) { send(action); render(); } });
    wrap.appendChild(lay);
    box.appendChild(wrap);
    box.hidden = false;
    return true;
  }

  function renderCluck(tx, view, seat) {
    var tiles = page.options.tiles || (view.options || {}).tiles || {};
    var hand = ((view.hands || [])[seat] || []).filter(function (id) { return typeof id === "number"; });
    var legal = {};
    page.legal.forEach(function (a) { legal[a] = true; });
    page.flip = page.flip || {};
    var onRow = renderStartRow(tx, view, seat);
    renderLadderRow(tx, view, seat, tiles, hand, legal);
    var box = $("hand");
    box.className = "hand tiles";
    hand.forEach(function (id) {
      var turned = !!page.flip[id];
      var action = "place " + id + " " + (turned ? "turned" : "up");
      var band = bandOf(tiles, id, turned);
      var cell = document.createElement("div");
      cell.className = "ctile";
      var b = document.createElement("button");
      b.type = "button";
      b.className = "card tile";
      b.setAttribute("data-card", String(id));
      b.setAttribute("data-plays", "1");
      if (band) b.appendChild(tileSvg(band, tx.tileN + " " + id + " · " + (turned ? tx.turnedN : tx.upright)));
      var cap = document.createElement("span");
      cap.className = "caption";
      cap.textContent = tx.tileN + " " + id + " · " + (turned ? tx.turnedN : tx.upright);
      b.appendChild(cap);
      if (legal[action]) {
        b.className += " playable" + (page.picked === action ? " picked" : "");
        b.addEventListener("click", function () { tap(action, b); });
      } else {
        b.disabled = true;
      }
      cell.appendChild(b);
      var turn = document.createElement("button");
      turn.type = "button";
      turn.className = "turn";
      turn.setAttribute("data-turn", String(id));
      turn.textContent = tx.turnOver;
      turn.addEventListener("click", function () {
        page.flip[id] = !page.flip[id];
        if (page.picked && page.picked.indexOf("place " + id + " ") === 0) page.picked = null;
        render();
      });
      cell.appendChild(turn);
      box.appendChild(cell);
    });
    if (!hand.length) { var none = document.createElement("p"); none.textContent = tx.notiles; box.appendChild(none); }
    var list = $("choices");
    list.className = "choices holes";
    page.legal.forEach(function (a) {
      var w = a.split(" ");
      if (w[0] === "hole" && !onRow) choiceButton(list, a, tx.holeN + " " + (Number(w[1]) + 1));
      else if (w[0] === "place" && hand.indexOf(Number(w[1])) < 0) choiceButton(list, a, tx.placeN + " " + w[1] + " · " + (w[2] === "turned" ? tx.turnedN : tx.upright));
    });
  }

  // -- an app on the phone (issue #39) ----------------------------------------------------
  // The seat's code and key kept on this phone, so a page opened from the home screen
  // (the manifest's start_url has no fragment) or reloaded comes back to its seat.
  var SEAT_KEY = "derby.phone.seat";
  function remember(code, token) {
    try { localStorage.setItem(SEAT_KEY, JSON.stringify({ code: code, token: token })); } catch (e) { /* private mode */ }
  }
  function forget() { try { localStorage.removeItem(SEAT_KEY); } catch (e) { /* private mode */ } }
  function remembered() {
    var raw = null;
    try { raw = localStorage.getItem(SEAT_KEY); } catch (e) { return null; }
    var kept = null;
    try { kept = JSON.parse(String(raw || "null")); } catch (e) { return null; }
    if (!kept || typeof kept.code !== "string" || typeof kept.token !== "string") return null;
    if (kept.code.length > 64 || kept.token.length > 64) return null;
    return kept;
  }

  // Your turn: a buzz (where the phone can) and a flash of the page, once as the turn
  // comes (not at each redraw while it lasts).
  function yourTurn(mine) {
    if (mine && !page.myTurn) {
      window.derbyBuzzes = (window.derbyBuzzes || 0) + 1;
      try { if (navigator.vibrate) navigator.vibrate([160, 80, 160]); } catch (e) { /* not allowed yet */ }
      document.body.classList.remove("flash");
      void document.body.offsetWidth; // the animation starts again
      document.body.classList.add("flash");
      clearTimeout(page.flashTimer);
      page.flashTimer = setTimeout(function () { document.body.classList.remove("flash"); }, 1400);
    }
    page.myTurn = mine;
  }

  // The screen kept awake while the game goes on (Screen Wake Lock, where the browser has
  // it); the system lets go of it when the page is hidden, so it is asked again on return.
  function keepAwake() {
    var over = !page.view || isOver(page.view);
    if (over) {
      if (page.wake) { try { page.wake.release(); } catch (e) { /* gone */ } page.wake = null; }
      return;
    }
    if (page.wake || page.waking || document.visibilityState !== "visible") return;
    if (!navigator.wakeLock || typeof navigator.wakeLock.request !== "function") return;
    page.waking = true;
    navigator.wakeLock.request("screen").then(function (lock) {
      page.waking = false;
      page.wake = lock;
      window.derbyAwake = true;
      lock.addEventListener("release", function () { if (page.wake === lock) page.wake = null; window.derbyAwake = false; });
    }, function () { page.waking = false; });
  }

  // Back from a locked screen or another app: the line is taken up again at once (the
  // back-off's wait is for a host that is away, not for a phone that slept).
  function wake() {
    if (document.visibilityState !== "visible") return;
    keepAwake();
    if (page.stopped || !page.code || !page.token) return;
    if (page.ws && page.ws.readyState <= 1) return;
    clearTimeout(page.timer);
    page.attempt = 0;
    window.derbyWakes = (window.derbyWakes || 0) + 1;
    connect();
  }

  function showJoin() {
    $("join").hidden = false;
    $("play").hidden = true;
  }

  function start() {
    var frag = parseFragment(location.hash);
    var stored = null;
    try { stored = localStorage.getItem("derby.phone.lang"); } catch (e) { /* private mode */ }
    setLanguage(pickLanguage(frag.lang, stored, navigator.language), false);
    $("lang").addEventListener("click", function () { setLanguage(page.lang === "en" ? "ja" : "en", true); });
    $("join").addEventListener("submit", function (event) {
      event.preventDefault();
      var code = normalCode($("join-code").value), key = normalKey($("join-key").value);
      if (!code || !key) return;
      page.code = code; page.token = key; page.stopped = false; page.attempt = 0;
      say(t().connecting);
      connect();
    });
    document.addEventListener("visibilitychange", wake);
    window.addEventListener("pageshow", wake);
    window.addEventListener("online", wake);
    var kept = frag.code && frag.token ? { code: frag.code, token: frag.token } : remembered();
    if (kept) {
      page.code = kept.code; page.token = kept.token;
      say(t().connecting);
      connect();
    } else {
      showJoin();
    }
  }

  window.DerbyPhone = { parseFragment: parseFragment, normalKey: normalKey, normalCode: normalCode,
    pickLanguage: pickLanguage, backoff: backoff, kindOf: kindOf, promptKey: promptKey,
    describe: describe, routeCells: routeCells, bandColour: bandColour, cardSvg: cardSvg,
    cardFace: cardFace, describeVx: describeVx, tileFace: tileFace, routesWords: routesWords, bandOf: bandOf, tileSvg: tileSvg,
    previewEntries: previewEntries, previewSvg: previewSvg, previewLines: previewLines,
    boardHexes: boardHexes, hexName: hexName, duckChoices: duckChoices, markPoints: markPoints, texts: TEXTS, page: page, receive: receive, showPick: showPick, askCoach: askCoach, wake: wake, remembered: remembered, render: render, setLanguage: setLanguage };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
