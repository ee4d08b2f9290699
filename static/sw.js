// Service worker: the app shell and static files from the cache, game pages network-first
// with the last copy seen as the fallback, so a reload without signal still shows the game.
// A page the server marks "no-store" is never kept (an organizer link shown once, a
// tournament's table links), unless it also says "Offline-Copy: cut": the scorekeeper's board
// and count screen are kept with the parts between <!--offline-cut--> and <!--/offline-cut-->
// (the share panel: the edit link) cut out, and not at all if an edit link (/join/) is left.
// Every kept page is marked (<html data-offline-copy>): offline.js says it is the last state.
// Served at /sw.js (scope "/") by main.service_worker.
"use strict";

// v2: v1 kept the scorekeeper's page (edit link included); activating v2 deletes its caches.
// v3: pages are kept marked as copies, the scorekeeper's cut (see offlineCopy).
var VERSION = "v3";
// main.service_worker writes each static file's version into the URLs below (?v=..., as the
// pages link them) and into the shell's name: a new version of any of them makes a new
// worker, whose shell is fetched afresh and the old one deleted.
var SHELL = "shell-" + VERSION;
var PAGES = "pages-" + VERSION;
var MAX_PAGES = 20;
var SHELL_URLS = [
  "/",
  "/static/css/app.css",
  "/static/css/offline.css",
  "/static/css/games.css",
  "/static/js/htmx.min.js",
  "/static/js/app.js",
  "/static/js/offline.js",
  "/static/favicon.svg"
];

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(SHELL).then(function (cache) {
    // One missing file must not stop the worker from installing.
    return Promise.all(SHELL_URLS.map(function (url) {
      return cache.add(url).catch(function () {});
    }));
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (key) {
      return key !== SHELL && key !== PAGES;
    }).map(function (key) { return caches.delete(key); }));
  }).then(function () { return self.clients.claim(); }));
});

function trim(cache) {
  return cache.keys().then(function (keys) {
    if (keys.length > MAX_PAGES) {
      return cache.delete(keys[0]).then(function () { return trim(cache); });
    }
  });
}

// Whether a page may be kept for offline reloads: a whole answer of ours that the server
// did not forbid storing.
function storable(response) {
  var control = (response.headers.get("Cache-Control") || "").toLowerCase();
  return response.ok && response.type === "basic" && !response.redirected &&
    (!/(^|[\s,])no-store($|[\s,])/.test(control) || cuttable(response));
}
function cuttable(response) {
  return (response.headers.get("Offline-Copy") || "").toLowerCase() === "cut";
}

var CUT = /<!--offline-cut-->[\s\S]*?<!--\/offline-cut-->/g;

// The copy kept for offline reloads: the marked parts cut out, the page marked as a copy; none
// where an edit link or a cut mark is left (a page this file does not know how to keep safe).
function offlineCopy(response) {
  var type = response.headers.get("Content-Type") || "text/html; charset=utf-8";
  return response.text().then(function (body) {
    if (cuttable(response)) { body = body.replace(CUT, ""); }
    if (body.indexOf("/join/") !== -1 || body.indexOf("offline-cut") !== -1) { return null; }
    body = body.replace(/<html\b/i, "<html data-offline-copy");
    return new Response(body, {status: 200, headers: {"Content-Type": type}});
  });
}

// The scorekeeper's board was just loaded: a count screen kept for this game is taken again,
// so that offline it opens on the hand to count next, not on one saved since (a game that
// takes no more hands answers with its board: the count's copy goes).
function refreshCount(url) {
  var board = new URL(url);
  if (!/^\/games\/[^/]+$/.test(board.pathname)) { return null; }
  var count = board.origin + board.pathname + "/hands/new";
  return caches.open(PAGES).then(function (cache) {
    return cache.keys(count, {ignoreSearch: true}).then(function (keys) {
      return Promise.all(keys.map(function (key) {
        return fetch(key.url, {credentials: "same-origin", cache: "no-store"}).then(function (response) {
          return storable(response) && cuttable(response) ? offlineCopy(response) : null;
        }).then(function (kept) {
          return kept ? cache.put(key, kept) : cache.delete(key);
        }, function () { return null; });  // no answer: the copy stays
      }));
    });
  });
}

function networkFirst(request) {
  return fetch(request).then(function (response) {
    if (storable(response)) {
      var copy = response.clone();
      offlineCopy(copy).then(function (kept) {
        if (!kept) { return null; }
        return caches.open(PAGES).then(function (cache) {
          return cache.put(request, kept).then(function () { return trim(cache); });
        }).then(function () {
          if (cuttable(response)) { return refreshCount(request.url); }
        });
      }).catch(function () {});
    }
    return response;
  }).catch(function () {
    return caches.match(request, {ignoreVary: true}).then(function (hit) {
      return hit || caches.match("/", {ignoreVary: true});
    }).then(function (hit) {
      return hit || new Response("Offline", {status: 503, headers: {"Content-Type": "text/plain"}});
    });
  });
}

// A file linked at its version (?v=...) never changes: kept, it is not asked for again.
function cacheFirst(request) {
  return caches.open(SHELL).then(function (cache) {
    return cache.match(request).then(function (hit) {
      return hit || fetch(request).then(function (response) {
        if (response.ok) { cache.put(request, response.clone()); }
        return response;
      });
    });
  });
}

function staleWhileRevalidate(request) {
  return caches.open(SHELL).then(function (cache) {
    return cache.match(request).then(function (hit) {
      var fresh = fetch(request).then(function (response) {
        if (response.ok) { cache.put(request, response.clone()); }
        return response;
      });
      if (hit) {
        fresh.catch(function () {});
        return hit;
      }
      return fresh;
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) { return; }
  // htmx partials and API answers are never served stale.
  if (request.headers.get("HX-Request") || url.pathname.indexOf("/api/") === 0) { return; }
  if (request.mode === "navigate") {
    if (url.pathname.indexOf("/join/") !== -1) { return; }  // edit links: never cached
    event.respondWith(networkFirst(request));
  } else if (url.pathname.indexOf("/static/") === 0) {
    event.respondWith(url.searchParams.has("v") ? cacheFirst(request)
                                                : staleWhileRevalidate(request));
  }
});
