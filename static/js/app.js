// Canasta Scorekeeper — small glue code. No inline scripts: the CSP allows only files.
(function () {
  "use strict";

  function csrfToken() {
    var meta = document.querySelector('meta[name="csrf-token"]');
    return meta ? meta.getAttribute("content") : null;
  }

  // Send the CSRF token with every htmx request (Flask-WTF reads X-CSRFToken).
  document.addEventListener("htmx:configRequest", function (event) {
    var token = csrfToken();
    if (token) {
      event.detail.headers["X-CSRFToken"] = token;
    }
  });
})();
