// Canasta Scorekeeper — small glue code. No inline scripts: the CSP allows only files.
(function () {
  "use strict";

  function csrfToken() {
    var meta = document.querySelector('meta[name="csrf-token"]');
    return meta ? meta.getAttribute("content") : null;
  }

  // Times the server can only write in UTC (it does not know the phone's time zone): shown
  // in the phone's own zone and the page's language, as "26 nov 2026, 05:26". Without
  // JavaScript the UTC text stays, saying so.
  function localTimes(root) {
    if (typeof Intl === "undefined" || !Intl.DateTimeFormat) {
      return;
    }
    var format;
    try {
      format = new Intl.DateTimeFormat(document.documentElement.lang || undefined, {
        year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit",
        hourCycle: "h23"  // as the server writes its times: 13:05, never 1:05 PM
      });
    } catch (error) {
      return;
    }
    root.querySelectorAll("time[data-local-time]").forEach(function (element) {
      var when = new Date(element.getAttribute("datetime"));
      if (isNaN(when.getTime())) {
        return;
      }
      element.setAttribute("title", element.textContent);
      element.textContent = format.format(when);
      element.removeAttribute("data-local-time");
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () { localTimes(document); });
  } else {
    localTimes(document);
  }
  document.addEventListener("htmx:afterSwap", function (event) { localTimes(event.target); });

  // A status line at the top of the page, its id its class too, shown once while there is
  // something to say (text) and removed when there is not: offline.js's "Offline" banner and
  // table.js's "Tap the screen" (both load after this file).
  window.statusLine = function (id, text) {
    var line = document.getElementById(id);
    if (!text) {
      if (line) { line.remove(); }
      return;
    }
    if (line) { return; }
    line = document.createElement("p");
    line.id = id;
    line.className = id;
    line.setAttribute("role", "status");
    line.textContent = text;
    var main = document.getElementById("main") || document.body;
    main.insertBefore(line, main.firstChild);
  };

  // Send the CSRF token with every htmx request (Flask-WTF reads X-CSRFToken).
  document.addEventListener("htmx:configRequest", function (event) {
    var token = csrfToken();
    if (token) {
      event.detail.headers["X-CSRFToken"] = token;
    }
  });
})();
