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
  // back on NoSleep.js (vendored), a muted looping inline video. Browsers let a muted inline
  // video start on its own, so each of the game's pages starts it as it opens (the screen stays
  // on from one page to the next, after a save too); where one may not (a data saver, an older
  // browser), the page says so and the first tap starts it.
  if (!document.body || !document.body.hasAttribute("data-keep-awake")) { return; }
  var script = document.currentScript;
  if (!("wakeLock" in navigator)) {
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
    var starting = false;
    var TAP = (script && script.getAttribute("data-tap-to-keep-awake")) ||
      "Tap the screen to keep it on.";

    // "Tap the screen to keep it on." at the top of the page, while the video waits for one.
    function sayTap(on) {
      window.statusLine("keep-awake-tap", on ? TAP : null);
    }

    // tapped: started from a tap (a refusal then is final for this page) or on its own.
    function start(tapped) {
      if (!noSleep || noSleep.isEnabled || starting) { return; }
      starting = true;
      noSleep.enable().then(function () {
        root.setAttribute("data-wake-lock", "video");
        sayTap(false);
      }).catch(function () {
        root.setAttribute("data-wake-lock", tapped ? "refused" : "waiting-for-tap");
        sayTap(!tapped);
      }).then(function () { starting = false; });
    }

    var loaded = document.createElement("script");
    loaded.src = source;
    loaded.addEventListener("load", function () {
      if (typeof window.NoSleep !== "function") { return; }
      noSleep = new window.NoSleep();
      var video = noSleep.noSleepVideo;
      if (video) {
        // Muted, so that the browser lets it start without a tap.
        video.muted = true;
        video.setAttribute("muted", "");
        root.keepAwakeVideo = video;  // for the browser tests (tests/browser/test_lan_origin.py)
      }
      root.setAttribute("data-wake-lock", "waiting-for-tap");
      start(false);
    });
    document.head.appendChild(loaded);

    function tap() { start(true); }
    document.addEventListener("click", tap, true);
    document.addEventListener("touchend", tap, true);
    // The browser pauses the video while the page is hidden; shown again, it starts again.
    document.addEventListener("visibilitychange", function () {
      if (!noSleep) { return; }
      if (document.visibilityState !== "visible") {
        noSleep.disable();
        root.setAttribute("data-wake-lock", "waiting-for-tap");
      } else {
        start(false);
      }
    });
  }
})();
