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
      message.textContent = NOT_SAVED + " ";
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
    fresh.addEventListener("click", function () {
      notice.remove();
      retry();
    });
    notice.scrollIntoView({block: "nearest"});
  }

  function clearNotSaved(elt) {
    var form = elt && elt.closest ? (elt.closest("form") || elt) : null;
    var notice = form && form.querySelector(".offline-notice");
    if (notice) { notice.remove(); }
  }

  // htmx could not reach the server: keep the form as typed and offer to send it again.
  function onNetworkFailure(event) {
    var elt = event.detail.elt;
    var config = event.detail.requestConfig || {};
    if (!elt || !window.htmx) { return; }
    var form = elt.closest("form") || elt;
    showNotSaved(form, function () {
      window.htmx.ajax((config.verb || "post").toUpperCase(), config.path, {source: elt});
    });
  }
  document.addEventListener("htmx:sendError", onNetworkFailure);
  document.addEventListener("htmx:timeout", onNetworkFailure);
  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail.successful || (event.detail.xhr && event.detail.xhr.status)) {
      clearNotSaved(event.detail.elt);
    }
  });

  // A plain (non-htmx) form post while offline would replace the page with the browser's
  // error and lose the typing: hold it back and offer the retry instead.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (navigator.onLine !== false || !(form instanceof HTMLFormElement)) { return; }
    if ((form.getAttribute("method") || "get").toLowerCase() !== "post") { return; }
    event.preventDefault();
    var submitter = event.submitter || null;
    showNotSaved(form, function () {
      if (form.requestSubmit) { form.requestSubmit(submitter); } else { form.submit(); }
    });
  });

  window.addEventListener("offline", function () { showBanner(true); });
  window.addEventListener("online", function () { showBanner(false); });

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
