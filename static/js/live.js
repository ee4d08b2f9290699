// Pages that follow a game or a tournament. The server pushes news over an event stream that
// htmx's sse extension holds open (`sse-connect`); on each news, the parts that follow
// (`data-follow`, the ones inside that stream's element, `data-follow-on` naming the event they
// follow, "changed" unless said) ask for themselves again (`hx-trigger="follow"`). Where no
// stream can be held (no EventSource, a proxy that will not pass it, the stream down), the parts
// ask every `data-follow` seconds instead, as the pages always did, until the stream is back.
//
// A stream the server refused (past its bounds it answers 429; any answer that is not a stream
// closes an EventSource for good) is not asked for again at once, as htmx's extension would (half
// a second later, then doubling): the page asks every few seconds, with no error shown, and
// opens its stream again after REFUSED_WAIT to twice that, drawn for each page so that a room of
// phones refused together does not come back together.
//
// The news is handled here, against the page as it is when it comes, not by listeners on the
// parts: a part is replaced each time it is asked for, and news that came while it was being
// replaced would otherwise find no listener.
(function () {
  "use strict";

  var TICK = 1000;
  // A stream that has not opened after this long is treated as one that cannot be held.
  var OPEN_WITHIN = 8000;
  // (A test may shorten it, before the page loads: `window.scorekeeperRefusedWait`.)
  var REFUSED_WAIT = window.scorekeeperRefusedWait || 60000;
  var EVENTS = ["changed", "desk"];
  var polling = false;
  var opened = false;
  var lastAsked = {};
  // Parts that had news while their request was on its way, or while their answer was being
  // put in place: asked again once they can be (see `ask`).
  var again = {};

  function parts(root) {
    return Array.prototype.slice.call((root || document).querySelectorAll("[data-follow]"));
  }

  function ask(part) {
    // A part whose request is on its way answers with what was saved before the news; a part
    // just swapped in ("htmx-added") listens to nothing until htmx has set it up, some
    // milliseconds later ("htmx:load"). Either is asked again then, not now.
    if (part.classList.contains("htmx-request") || part.classList.contains("htmx-added")) {
      again[part.id] = true;
      return;
    }
    lastAsked[part.id] = Date.now();
    window.htmx.trigger(part, "follow");
  }

  function heard(root, name) {
    parts(root).forEach(function (part) {
      if ((part.getAttribute("data-follow-on") || "changed") === name) { ask(part); }
    });
  }

  function tick() {
    if (!polling) { return; }
    var now = Date.now();
    parts().forEach(function (part) {
      var every = parseFloat(part.getAttribute("data-follow")) * 1000;
      if (!(now - (lastAsked[part.id] || 0) < every)) { ask(part); }
    });
  }

  function startPolling() {
    if (polling) { return; }
    polling = true;
    document.documentElement.setAttribute("data-following", "poll");
  }

  function stopPolling() {
    polling = false;
    document.documentElement.setAttribute("data-following", "stream");
  }

  function start() {
    if (!window.htmx || !parts().length) { return; }
    window.setInterval(tick, TICK);
    if (!window.EventSource || !document.querySelector("[sse-connect]")) {
      startPolling();
      return;
    }
    window.setTimeout(function () { if (!opened) { startPolling(); } }, OPEN_WITHIN);
  }

  document.addEventListener("htmx:sseOpen", function (event) {
    var root = event.target;
    var source = event.detail && event.detail.source;
    if (source && !source.scorekeeperFollowed) {
      source.scorekeeperFollowed = true;
      EVENTS.forEach(function (name) {
        source.addEventListener(name, function () { heard(root, name); });
      });
    }
    var first = !opened;
    opened = true;
    stopPolling();
    // Whatever changed before the stream opened (or while it was down) is asked for once. A
    // stream told the version its page shows (`?v=`) says itself, the first time, whether the
    // page missed anything.
    if (first && /[?&]v=/.test(root.getAttribute("sse-connect") || "")) { return; }
    parts(root).forEach(ask);
  });
  document.addEventListener("htmx:sseError", function (event) {
    startPolling();
    var root = event.target;
    var source = event.detail && event.detail.source;
    var url = root && root.getAttribute && root.getAttribute("sse-connect");
    if (!source || source.readyState !== 2 || !url) { return; }  // 2: EventSource.CLOSED
    // Refused: htmx forgets the closed stream (its own retry, due in half a second, then finds
    // no stream to open), and the stream is asked for again only after the wait.
    root.removeAttribute("sse-connect");
    window.htmx.process(root);
    window.setTimeout(function () {
      if (!document.body.contains(root)) { return; }
      root.setAttribute("sse-connect", url);
      window.htmx.process(root);
    }, REFUSED_WAIT * (1 + Math.random()));
  });
  function askAgain(event) {
    var id = event.detail && event.detail.elt && event.detail.elt.id;
    if (!id || !again[id]) { return; }
    delete again[id];
    var part = document.getElementById(id);
    if (part) { ask(part); }
  }
  // A scorekeeper's page asks for its board on news too; when another phone changed the game,
  // the answer says to load the page again (its forms carry the game's version). Not once the
  // page is on its way out (a form sent, a link followed): the news may be of its own change,
  // and a reload then raced the answer the page waits for (the undo's notice was lost).
  var leaving = false;
  document.addEventListener("submit", function () { leaving = true; }, true);
  window.addEventListener("beforeunload", function () { leaving = true; });
  window.addEventListener("pageshow", function () { leaving = false; });
  document.addEventListener("htmx:afterRequest", function (event) {
    var xhr = event.detail && event.detail.xhr;
    if (!leaving && xhr && xhr.getResponseHeader("Scorekeeper-Reload")) {
      leaving = true;
      try { sessionStorage.setItem(RELOADED, String(Date.now())); } catch (e) { /* private */ }
      window.location.reload();
    }
  });
  // Undo and Redo name the hand they take back: reloaded under a finger about to tap them,
  // the page's new buttons would take back another phone's hand (QA, 2026-12-05: B saved
  // hand 4, A's page reloaded and A's tap meant for hand 3 undid hand 4). For a moment after
  // such a reload they wait, so that a tap aimed at the old page lands on nothing.
  var RELOADED = "scorekeeper-reloaded";
  function holdAfterReload() {
    var at = null;
    try { at = Number(sessionStorage.getItem(RELOADED)); sessionStorage.removeItem(RELOADED); }
    catch (e) { return; }
    if (!at || Date.now() - at > 5000) { return; }
    var box = document.querySelector(".undo-redo");
    if (!box) { return; }
    var buttons = box.querySelectorAll("button");
    box.setAttribute("data-held-after-reload", "1");
    for (var i = 0; i < buttons.length; i++) { buttons[i].disabled = true; }
    window.setTimeout(function () {
      for (var j = 0; j < buttons.length; j++) { buttons[j].disabled = false; }
    }, 1200);
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", holdAfterReload);
  } else {
    holdAfterReload();
  }
  // An answer that changed nothing (204) ends at "afterRequest"; one swapped in, at "load".
  document.addEventListener("htmx:afterRequest", askAgain);
  document.addEventListener("htmx:load", askAgain);

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
