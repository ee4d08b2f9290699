// Service worker: the app shell and static files from the cache, game pages network-first
// with the last copy seen as the fallback, so a reload without signal still shows the game.
// A page the server marks "no-store" is never kept: the scorekeeper's game page (it carries
// the edit link), an organizer link shown once, a tournament's table links.
// Served at /sw.js (scope "/") by main.service_worker.
"use strict";

// v2: v1 kept the scorekeeper's page (edit link included); activating v2 deletes its caches.
var VERSION = "v2";
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
    !/(^|[\s,])no-store($|[\s,])/.test(control);
}

function networkFirst(request) {
  return fetch(request).then(function (response) {
    if (storable(response)) {
      var copy = response.clone();
      caches.open(PAGES).then(function (cache) {
        return cache.put(request, copy).then(function () { return trim(cache); });
      });
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
