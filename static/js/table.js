// Table mode: the screen stays awake while a game is open, and the board can be read from
// across the table ("Big type", remembered on this phone). No inline scripts (CSP).
(function () {
  "use strict";

  var root = document.documentElement;
  var KEY = "scorekeeper.bigType";

  // -- big type ------------------------------------------------------------------------------
  function remembered() {
    try { return window.localStorage.getItem(KEY) === "1"; } catch (e) { return false; }
  }

  function remember(on) {
    try { window.localStorage.setItem(KEY, on ? "1" : "0"); } catch (e) { /* private mode */ }
  }

  function show(on) {
    root.classList.toggle("big-type", on);
    var toggles = document.querySelectorAll(".big-type-toggle");
    for (var i = 0; i < toggles.length; i++) {
      toggles[i].hidden = false;  // hidden without JavaScript: it needs this file
      toggles[i].setAttribute("aria-pressed", on ? "true" : "false");
    }
  }

  show(remembered());
  document.addEventListener("click", function (event) {
    var toggle = event.target.closest && event.target.closest(".big-type-toggle");
    if (!toggle) { return; }
    var on = !root.classList.contains("big-type");
    remember(on);
    show(on);
  });

  // -- keep the screen awake -----------------------------------------------------------------
  // Only on a game's pages (base.html marks them). Browsers offer the Screen Wake Lock API on
  // https and localhost; on a plain-http LAN address (what `make run` prints) the page falls
  // back on NoSleep.js (vendored), a muted looping video that a tap must start.
  if (!document.body || !document.body.hasAttribute("data-keep-awake")) { return; }
  if (!("wakeLock" in navigator)) {
    var script = document.currentScript;
    var source = script && script.getAttribute("data-nosleep");
    if (source) { keepAwakeByVideo(source); }
    return;
  }
  var lock = null;
  var asking = false;

  function keepAwake() {
    if (lock || asking || document.visibilityState !== "visible") { return; }
    asking = true;
    navigator.wakeLock.request("screen").then(function (sentinel) {
      lock = sentinel;
      root.setAttribute("data-wake-lock", "on");
      // The browser lets go when the page is hidden; visibilitychange asks again.
      sentinel.addEventListener("release", function () {
        lock = null;
        root.setAttribute("data-wake-lock", "released");
      });
    }).catch(function () {
      // Refused (battery saver, a permission policy): the screen just sleeps as usual.
      root.setAttribute("data-wake-lock", "refused");
    }).then(function () { asking = false; });
  }

  document.addEventListener("visibilitychange", keepAwake);
  keepAwake();

  function keepAwakeByVideo(source) {
    var noSleep = null;
    var loaded = document.createElement("script");
    loaded.src = source;
    loaded.addEventListener("load", function () {
      if (typeof window.NoSleep !== "function") { return; }
      noSleep = new window.NoSleep();
      root.setAttribute("data-wake-lock", "waiting-for-tap");
    });
    document.head.appendChild(loaded);

    // A video may start only from a tap (the browsers' autoplay rule); the browser pauses it
    // when the page is hidden, so the next tap after that starts it again.
    function start() {
      if (!noSleep || noSleep.isEnabled) { return; }
      noSleep.enable().then(function () {
        root.setAttribute("data-wake-lock", "video");
      }).catch(function () {
        root.setAttribute("data-wake-lock", "refused");
      });
    }
    document.addEventListener("click", start, true);
    document.addEventListener("touchend", start, true);
    document.addEventListener("visibilitychange", function () {
      if (noSleep && document.visibilityState !== "visible") {
        noSleep.disable();
        root.setAttribute("data-wake-lock", "waiting-for-tap");
      }
    });
  }
})();
