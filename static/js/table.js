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
  // Only on a game's pages (base.html marks them), and only where the browser has the Screen
  // Wake Lock API: browsers offer it on https and localhost, not on a plain-http LAN address.
  if (!document.body || !document.body.hasAttribute("data-keep-awake") ||
      !("wakeLock" in navigator)) {
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
})();
