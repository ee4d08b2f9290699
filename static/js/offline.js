// Offline support: keep what was typed until the server has acknowledged its save (through a
// reload too), send it again once the server answers, mark pages shown without a connection
// (a live page while the phone is offline, and the copy the service worker kept of a game's
// page, the scorekeeper's included), and register the service worker (static/sw.js).
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
  var SAVING = text("saving", "Saving…");
  // Why a hand waits: nothing could be sent, the answer never came, or the server failed.
  var WHY = {
    offline: NOT_SAVED,
    dropped: text("dropped", "The connection dropped while saving: the hand is not confirmed yet."),
    server: text("server-failed", "Not saved: the server could not save it just now.")
  };
  var WAITING = text("waiting", "1 hand waiting to be sent: it goes as soon as the server answers.");
  // The count's bar while a hand waits: this instead of the sum (the saved total shows).
  var WAITING_SHORT = text("waiting-short", "1 hand waiting");
  // A count put back as it was left on this phone, before any save of it.
  var DRAFT = text("draft", "Brought back as it was left: not saved yet.");
  // Its button: what was typed is dropped and the form opens as the server shows it (a fix:
  // the saved hand; QA, 2026-12-05: a refused fix's "-abc" came back with no way out).
  var START_AGAIN = text("start-again", "Start again");
  // The page is the copy the service worker kept (static/sw.js), shown without a connection.
  var COPY = document.documentElement.hasAttribute("data-offline-copy");
  // How often a waiting hand asks whether the server can be reached again (ms).
  var RETRY_EVERY = parseInt(text("retry-every", "5000"), 10) || 5000;
  var waiting = null;  // the save to send again once the server answers
  var timer = null;

  function addStyles() {
    if (!script || document.querySelector("link[data-offline-css]")) { return; }
    var link = document.createElement("link");
    link.rel = "stylesheet";
    // The page names the style sheet at its version (data-css); else beside the script.
    link.href = script.getAttribute("data-css") ||
      script.src.replace(/js\/offline\.js(\?.*)?$/, "css/offline.css");
    link.setAttribute("data-offline-css", "");
    document.head.appendChild(link);
  }

  // The "Offline" banner at the top of the page, while the browser has no connection.
  function showBanner(offline) {
    document.documentElement.classList.toggle("is-offline", offline);
    window.statusLine("offline-banner", offline ? OFFLINE : null);
  }

  // "Not saved: no connection. 1 hand waiting to be sent — Retry" above the form (or why else
  // the hand waits); the inputs keep their values.
  function showNotSaved(form, retry, why) {
    var notice = form.querySelector(".offline-notice");
    if (!notice) {
      notice = document.createElement("div");
      notice.className = "offline-notice";
      notice.setAttribute("role", "alert");
      var message = document.createElement("span");
      var button = document.createElement("button");
      button.type = "button";
      button.className = "button offline-retry";
      button.textContent = RETRY;
      notice.appendChild(message);
      notice.appendChild(button);
      form.insertBefore(notice, form.firstChild);
    }
    notice.querySelector("span").textContent = (WHY[why] || NOT_SAVED) + " " + WAITING + " ";
    showWaiting(form);
    var button = notice.querySelector("button");
    var fresh = button.cloneNode(true);  // drop the previous retry's listener
    button.replaceWith(fresh);
    fresh.addEventListener("click", sendWaiting);
    waiting = retry;
    if (!timer) { timer = window.setInterval(tryWaiting, RETRY_EVERY); }
    notice.scrollIntoView({block: "nearest"});
  }

  function showDraft(form) {
    var note = document.createElement("p");
    note.className = "draft-note";
    note.setAttribute("role", "status");
    var words = document.createElement("span");
    words.className = "draft-text";
    words.textContent = DRAFT;
    note.appendChild(words);
    note.appendChild(document.createTextNode(" "));
    var again = document.createElement("button");
    again.type = "button";
    again.className = "button-small draft-start-again";
    again.textContent = START_AGAIN;
    again.addEventListener("click", function () {
      forget(form);
      // The same address again, asked anew (never a form's answer sent again).
      window.location.replace(window.location.href);
    });
    note.appendChild(again);
    form.insertBefore(note, form.firstChild);
  }

  // The count's bar says the hand waits, and shows the saved total instead of saved + this hand
  // (a save whose answer was lost may be saved already: adding it again would count it twice).
  function showWaiting(form) {
    form.classList.add("hand-waiting");
    var bar = form.querySelector(".count-bar");
    if (!bar || bar.querySelector(".count-waiting")) { return; }
    var line = document.createElement("p");
    line.className = "count-waiting";
    line.setAttribute("role", "status");
    line.textContent = WAITING_SHORT;
    bar.appendChild(line);
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

  // -- the count form's save: kept on this phone until the server has acknowledged it -------
  //
  // A save checks the server first, then posts the form in the background (fetch), so a
  // connection lost in the middle of the POST leaves the page as typed instead of the browser's
  // "This site can't be reached". Until the server answers, what was typed (request key
  // included) is kept in localStorage, per game and form: a reload of the count page brings it
  // back, still waiting, and it goes on its own once the server answers. The request key makes
  // a repeat harmless: a save that did arrive is answered with the earlier change, never
  // counted twice. Without JavaScript the form posts as usual.
  var STORE = "scorekeeper.count:";
  // How long one save may take before it counts as lost (ms); the repeat is harmless.
  var SAVE_TIMEOUT = parseInt(text("save-timeout", "20000"), 10) || 20000;
  var busy = false;  // a save is on its way

  function storeKey(form) {
    return STORE + new URL(form.getAttribute("action") || "", window.location.href).pathname;
  }
  function readKept(form) {
    try {
      var kept = JSON.parse(window.localStorage.getItem(storeKey(form)) || "null");
      return kept && typeof kept.values === "object" ? kept : null;
    } catch (e) { return null; }
  }
  // kept.at: the page it was typed on (a "Who went out?" tap opens the count with ?went_out=).
  function writeKept(form, kept) {
    kept.at = window.location.pathname + window.location.search;
    try { window.localStorage.setItem(storeKey(form), JSON.stringify(kept)); } catch (e) { /* full or private mode */ }
  }
  function forget(form) {
    try { window.localStorage.removeItem(storeKey(form)); } catch (e) { /* private mode */ }
  }

  // What the form holds, by field name (the CSRF token excepted: the page's own is current).
  function typed(form) {
    var values = {};
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || el.name === "csrf_token" || el.disabled || !form.contains(el) ||
          /^(submit|button|reset|file)$/.test(el.type)) { return; }
      if (el.type === "radio" || el.type === "checkbox") {
        if (el.checked) { values[el.name] = el.value; }
        return;
      }
      values[el.name] = el.value;
    });
    return values;
  }
  function putBack(form, values) {
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || el.name === "csrf_token" || !form.contains(el) ||
          !Object.prototype.hasOwnProperty.call(values, el.name) ||
          /^(submit|button|reset|file)$/.test(el.type)) { return; }
      if (el.type === "radio" || el.type === "checkbox") {
        el.checked = values[el.name] === el.value;
      } else {
        el.value = values[el.name];
      }
    });
    // A card helper or "More" holding something typed opens, as the server shows it.
    form.querySelectorAll("details").forEach(function (details) {
      var inputs = details.querySelectorAll("input[type=text], input:not([type]), select");
      for (var k = 0; k < inputs.length; k += 1) {
        if (inputs[k].value.trim() !== "") { details.open = true; return; }
      }
    });
  }
  // kept: {values, submit: [name, value] of the button that saved, why: the hand waits (see
  // WHY), refused: the server answered without saving (put back, not sent again)}.
  function keep(form, submitter, why, refused) {
    var submit = submitter && submitter.name ? [submitter.name, submitter.value] : null;
    writeKept(form, {values: typed(form), submit: submit, why: why, refused: !!refused});
  }

  function saveButton(form) {
    return form.querySelector("button[type=submit]:not([formaction])");
  }
  function sending(form, on) {
    var button = saveButton(form);
    if (on) { form.setAttribute("aria-busy", "true"); } else { form.removeAttribute("aria-busy"); }
    if (!button) { return; }
    if (on) {
      button.setAttribute("data-label", button.textContent);
      button.textContent = SAVING;
      button.disabled = true;
    } else {
      if (button.hasAttribute("data-label")) { button.textContent = button.getAttribute("data-label"); }
      button.disabled = false;
    }
  }

  function submitterOf(form, kept) {
    if (!kept || !kept.submit) { return null; }
    var buttons = document.querySelectorAll("button[type=submit][name]");
    for (var k = 0; k < buttons.length; k += 1) {
      if (buttons[k].form === form && buttons[k].name === kept.submit[0]) { return buttons[k]; }
    }
    return {name: kept.submit[0], value: kept.submit[1]};
  }

  // The server answered without saving (a field to check, another phone's change, ...): the
  // form posts as usual so the server's page says why (the same request key, nothing saved).
  function showAnswer(form, submitter) {
    form.setAttribute("data-sending", "");
    var button = submitter && submitter.form === form ? submitter : undefined;
    if (!button && submitter && submitter.name) {
      var extra = document.createElement("input");
      extra.type = "hidden";
      extra.name = submitter.name;
      extra.value = submitter.value;
      form.appendChild(extra);
    }
    if (form.requestSubmit) { form.requestSubmit(button); } else { form.submit(); }
  }

  // late: a save sent again after its first try got no answer (the notice says so).
  function post(form, submitter, late) {
    var body = new URLSearchParams();
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || el.disabled || /^(submit|button|reset|file)$/.test(el.type)) { return; }
      if ((el.type === "radio" || el.type === "checkbox") && !el.checked) { return; }
      body.append(el.name, el.value);
    });
    if (submitter && submitter.name) { body.append(submitter.name, submitter.value); }
    if (late) { body.append("sent_late", "1"); }
    var controller = window.AbortController ? new AbortController() : null;
    var timer = controller ? window.setTimeout(function () { controller.abort(); }, SAVE_TIMEOUT) : null;
    return fetch(form.getAttribute("action") || window.location.href, {
      method: "POST", body: body, credentials: "same-origin", redirect: "manual",
      cache: "no-store", signal: controller ? controller.signal : undefined
    }).then(function (response) {
      if (timer) { window.clearTimeout(timer); }
      return response;
    }, function (error) {
      if (timer) { window.clearTimeout(timer); }
      throw error;
    });
  }

  function save(form, submitter, late) {
    if (busy) { return; }
    busy = true;
    keep(form, submitter, "dropped");  // a page closed before the answer: not confirmed
    sending(form, true);
    function lost(why) {
      busy = false;
      sending(form, false);
      keep(form, submitter, why);
      if (why !== "server") { showBanner(true); }
      showNotSaved(form, function () { save(form, submitterOf(form, readKept(form)), true); }, why);
    }
    reachable().then(function (ok) {
      if (!ok) { lost("offline"); return; }
      if (COPY) {
        // A kept copy's form may carry an expired CSRF token and an old game version: the
        // page is loaded afresh, and brings the hand back and sends it (restore).
        keep(form, submitter, "offline");
        if (!reloadCopy()) { lost("offline"); }
        return;
      }
      clearNotSaved(form);
      post(form, submitter, late).then(function (response) {
        if (response.type === "opaqueredirect" || (response.status >= 300 && response.status < 400)) {
          // Acknowledged (saved now or earlier under this key): what the phone kept goes.
          forget(form);
          showBanner(false);
          window.location.assign(form.getAttribute("data-done") || window.location.href);
        } else if (response.status >= 500) {
          lost("server");  // the server is there but could not save: the hand waits all the same
        } else {
          busy = false;
          keep(form, submitter, null, true);
          showAnswer(form, submitter);
        }
      }, function () { lost("dropped"); });
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
    var submitter = event.submitter || null;
    // "Check the count" (no JavaScript needed otherwise) and the calculator post as usual.
    if (!form.hasAttribute("data-done") || (submitter && submitter.hasAttribute("formaction"))) {
      return;
    }
    event.preventDefault();
    save(form, submitter);
  });

  // Typing: the kept copy follows, so a reload, or the count opened again, shows the latest.
  // A hand that waits or was refused keeps what it is (sent, or only put back); a new hand not
  // yet saved is kept as a draft, put back and never sent, like a refused one. (The form has
  // autocomplete="off": the browser's own restoring brought back the last hand's "Going out"
  // on the next hand's form after Back, and nothing else.)
  function follow(event) {
    var form = event.target && event.target.form;
    if (!form || form.id !== "count-form" || !form.hasAttribute("data-done")) { return; }
    var kept = readKept(form);
    if (kept) {
      kept.values = typed(form);
      writeKept(form, kept);
    } else if (!form.querySelector("input[name=editing]")) {
      writeKept(form, {values: typed(form), submit: null, why: null, refused: true});
    }
  }
  document.addEventListener("input", follow);
  document.addEventListener("change", follow);

  // A count page opened (or reloaded) while this phone keeps a hand for it: the hand is back
  // as typed, still waiting, and goes once the server answers. A hand the server refused, or
  // a draft, is only put back into the same form (the same game version), not sent; for
  // another version it is dropped (the game moved on: another phone saved or undid a hand).
  function restore() {
    var form = document.getElementById("count-form");
    if (!form) { goToWaiting(); return; }
    if (!form.hasAttribute("data-done")) { return; }
    var kept = readKept(form);
    if (!kept) { return; }
    if (kept.refused) {
      var here = typed(form);
      var alike = function (names) {
        return names.every(function (name) {
          return (here[name] || "") === (kept.values[name] || "");
        });
      };
      // A "Who went out?" tap starts the count it names: a draft typed elsewhere would put
      // its own going out back over the side just tapped (and the bonus went to the wrong
      // side). A reload of the page it was typed on still brings it back.
      var tapped = new URLSearchParams(window.location.search).has("went_out") &&
        kept.at !== window.location.pathname + window.location.search;
      if (!alike(["seen", "version", "editing"]) || tapped) { forget(form); }
      // The other lane (?mode=) starts empty, as the server opens it; its typing replaces it.
      else if (alike(["mode"])) {
        putBack(form, kept.values);
        // The server's answer to a refused save shows that hand and says why already.
        if (!form.hasAttribute("data-answer")) { showDraft(form); }
      }
      return;
    }
    // A waiting hand goes from the lane it was typed in: the other lane's form has none of
    // its fields (QA, 2026-12-05: the totals lane, opened next, sent itself empty, was
    // refused, and the hand typed in the whole count was lost).
    if ((typed(form).mode || "") !== (kept.values.mode || "") &&
        laneOf(kept) !== window.location.pathname + window.location.search) {
      window.location.replace(laneOf(kept));
      return;
    }
    putBack(form, kept.values);
    showNotSaved(form, function () { save(form, submitterOf(form, kept), true); }, kept.why);
    tryWaiting();
  }

  // The count page a kept hand was typed on, in its lane (?mode=), which the server opens as
  // asked whatever the game's last hand was.
  function laneOf(kept) {
    var there = new URL(kept.at || window.location.pathname, window.location.href);
    there.searchParams.set("mode", kept.values.mode === "total" ? "total" : "count");
    return there.pathname + there.search;
  }

  // A game's board on a phone that keeps one of its hands waiting (the tab was closed before
  // the server answered): once the server answers, its count page opens and sends it, instead
  // of a board that shows the hand before it and says nothing (QA, 2026-12-05).
  function waitingHand() {
    var prefix = STORE + window.location.pathname.replace(/\/$/, "") + "/hands";
    try {
      for (var i = 0; i < window.localStorage.length; i += 1) {
        var key = window.localStorage.key(i);
        if (!key || key.indexOf(prefix) !== 0) { continue; }
        var kept = JSON.parse(window.localStorage.getItem(key) || "null");
        if (kept && typeof kept.values === "object" && !kept.refused) { return kept; }
      }
    } catch (e) { /* private mode, or a value not ours */ }
    return null;
  }
  function goToWaiting() {
    var kept = COPY ? null : waitingHand();
    if (!kept) { return; }
    reachable().then(function (ok) { if (ok) { window.location.replace(laneOf(kept)); } });
  }

  // -- the copy the service worker kept, shown without a connection ---------------------------
  //
  // Its count form carries the request key of a form the phone may have saved already: a new
  // one, or a hand typed here would be taken for that one and dropped. Once the server answers,
  // the copy gives way to the live page (a count copy only when a hand waits: nothing typed is
  // lost), at most once every RETRY_EVERY ms.
  var RELOADED = "scorekeeper.copyReloaded";
  function freshKey() {
    var form = document.getElementById("count-form");
    var field = form && form.querySelector("input[name=request_key]");
    if (!field || !window.crypto || !window.crypto.getRandomValues) { return; }
    var bytes = window.crypto.getRandomValues(new Uint8Array(16));
    field.value = Array.prototype.map.call(bytes, function (b) {
      return (b < 16 ? "0" : "") + b.toString(16);
    }).join("");
  }
  function reloadCopy() {
    var now = Date.now();
    try {
      var last = parseInt(window.sessionStorage.getItem(RELOADED) || "0", 10) || 0;
      if (now - last < RETRY_EVERY) { return false; }
      window.sessionStorage.setItem(RELOADED, String(now));
    } catch (e) { /* private mode: reload all the same */ }
    window.location.reload();
    return true;
  }
  function watchCopy() {
    window.setInterval(function () {
      reachable().then(function (ok) {
        if (!ok) { return; }
        var form = document.getElementById("count-form");
        if (!form || (waiting && readKept(form))) { reloadCopy(); }
      });
    }, RETRY_EVERY);
  }
  // The live count follows the restored values (htmx is ready by DOMContentLoaded). Not on
  // the server's answer to a save it refused (data-answer): that page counted what was typed
  // and says why it was refused ("Time is not up..."), words a live count cannot judge and
  // wiped a moment after they showed.
  function recount() {
    var form = document.getElementById("count-form");
    if (form && readKept(form) && !form.hasAttribute("data-answer") && window.htmx) {
      window.htmx.trigger(form, "change");
    }
  }

  window.addEventListener("offline", function () { showBanner(true); });
  window.addEventListener("online", function () {
    if (!COPY) { showBanner(false); }  // a copy says so until the live page replaces it
    tryWaiting();
    if (!document.getElementById("count-form")) { goToWaiting(); }
  });

  function start() {
    addStyles();
    if (navigator.onLine === false || COPY) { showBanner(true); }
    if (COPY) { freshKey(); watchCopy(); }
    restore();
  }
  if (document.readyState === "complete") {
    window.setTimeout(recount, 0);
  } else {
    document.addEventListener("DOMContentLoaded", function () { window.setTimeout(recount, 0); });
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
