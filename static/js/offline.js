// Offline support: keep what was typed when a save cannot reach the server, offer to retry,
// mark pages shown without a connection, and register the service worker (static/sw.js).
// No inline handlers: the CSP allows only script files, so every listener is attached here.
(function () {
  "use strict";

  var script = document.currentScript;
  function text(name, fallback) {
    return (script && script.getAttribute("data-" + name)) || fallback;
  }
  var NOT_SAVED = text("not-saved", "Not saved: no connection.");
  var RETRY = text("retry", "Retry");
  var OFFLINE = text("offline", "Offline: showing the last saved state.");
  var WAITING = text("waiting", "1 hand waiting to be sent: it goes as soon as the server answers.");
  // How often a waiting hand asks whether the server can be reached again (ms).
  var RETRY_EVERY = parseInt(text("retry-every", "5000"), 10) || 5000;
  var waiting = null;  // the save to send again once the server answers
  var timer = null;

  function addStyles() {
    if (!script || document.querySelector("link[data-offline-css]")) { return; }
    var link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = script.src.replace(/js\/offline\.js(\?.*)?$/, "css/offline.css");
    link.setAttribute("data-offline-css", "");
    document.head.appendChild(link);
  }

  // The "Offline" banner at the top of the page, while the browser has no connection.
  function showBanner(offline) {
    var banner = document.getElementById("offline-banner");
    if (!offline) {
      if (banner) { banner.remove(); }
      document.documentElement.classList.remove("is-offline");
      return;
    }
    document.documentElement.classList.add("is-offline");
    if (banner) { return; }
    banner = document.createElement("p");
    banner.id = "offline-banner";
    banner.className = "offline-banner";
    banner.setAttribute("role", "status");
    banner.textContent = OFFLINE;
    var main = document.getElementById("main") || document.body;
    main.insertBefore(banner, main.firstChild);
  }

  // "Not saved: no connection — Retry" next to the form; the inputs keep their values.
  function showNotSaved(form, retry) {
    var notice = form.querySelector(".offline-notice");
    if (!notice) {
      notice = document.createElement("div");
      notice.className = "offline-notice";
      notice.setAttribute("role", "alert");
      var message = document.createElement("span");
      message.textContent = NOT_SAVED + " " + WAITING + " ";
      var button = document.createElement("button");
      button.type = "button";
      button.className = "button offline-retry";
      button.textContent = RETRY;
      notice.appendChild(message);
      notice.appendChild(button);
      form.insertBefore(notice, form.firstChild);
    }
    var button = notice.querySelector("button");
    var fresh = button.cloneNode(true);  // drop the previous retry's listener
    button.replaceWith(fresh);
    fresh.addEventListener("click", sendWaiting);
    waiting = retry;
    if (!timer) { timer = window.setInterval(tryWaiting, RETRY_EVERY); }
    notice.scrollIntoView({block: "nearest"});
  }

  // The waiting hand goes with one tap on Retry, or on its own once the server answers again.
  function sendWaiting() {
    var retry = waiting;
    waiting = null;
    if (timer) { window.clearInterval(timer); timer = null; }
    var notice = document.querySelector(".offline-notice");
    if (notice) { notice.remove(); }
    if (retry) { retry(); }
  }
  function tryWaiting() {
    if (!waiting) { return; }
    reachable().then(function (ok) { if (ok && waiting) { sendWaiting(); } });
  }

  function clearNotSaved(elt) {
    var form = elt && elt.closest ? (elt.closest("form") || elt) : null;
    var notice = form && form.querySelector(".offline-notice");
    if (notice) { notice.remove(); }
  }

  // The live count (htmx) could not reach the server: nothing was being saved, so no "Not
  // saved" here (it would show while typing); the banner says the connection is gone.
  document.addEventListener("htmx:sendError", function () { showBanner(true); });
  document.addEventListener("htmx:timeout", function () { showBanner(true); });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail.successful && navigator.onLine !== false) { showBanner(false); }
  });

  // Can the server be reached right now? Phones on a club's Wi-Fi often are "online" while the
  // server is not, so navigator.onLine alone cannot tell.
  function reachable() {
    var url = (script && script.getAttribute("data-ping")) || "/healthz";
    return fetch(url, {cache: "no-store", credentials: "same-origin"}).then(
      function (response) { return response.ok; }, function () { return false; });
  }

  // A save of the count form checks the server first. If it cannot be reached, the page stays
  // as typed with "Not saved: no connection. Retry", and Retry saves (the same form, the same
  // request key, so a save that did arrive is not counted twice). Without JavaScript the form
  // posts as usual.
  function save(form, submitter) {
    reachable().then(function (ok) {
      if (!ok) {
        showBanner(true);
        showNotSaved(form, function () { save(form, submitter); });
        return;
      }
      clearNotSaved(form);
      form.setAttribute("data-sending", "");
      if (form.requestSubmit) { form.requestSubmit(submitter || undefined); } else { form.submit(); }
    });
  }
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (event.defaultPrevented || !(form instanceof HTMLFormElement)) { return; }
    // Only the count form: a hand typed at the table is what a lost connection must not lose.
    if (form.id !== "count-form") { return; }
    if (form.hasAttribute("data-sending")) {
      form.removeAttribute("data-sending");
      return;
    }
    event.preventDefault();
    save(form, event.submitter || null);
  });

  window.addEventListener("offline", function () { showBanner(true); });
  window.addEventListener("online", function () { showBanner(false); tryWaiting(); });

  function start() {
    addStyles();
    if (navigator.onLine === false) { showBanner(true); }
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }

  var worker = script && script.getAttribute("data-sw");
  if (worker && "serviceWorker" in navigator) {
    window.addEventListener("load", function () {
      navigator.serviceWorker.register(worker, {scope: "/"}).catch(function () {});
    });
  }
})();
