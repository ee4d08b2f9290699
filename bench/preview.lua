-- wrk script: the live count preview, as htmx sends it while someone types.
wrk.method = "POST"
wrk.body = os.getenv("BENCH_FORM")
wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
wrk.headers["HX-Request"] = "true"
wrk.headers["X-CSRFToken"] = os.getenv("BENCH_CSRF")
wrk.headers["Cookie"] = os.getenv("BENCH_COOKIE")
