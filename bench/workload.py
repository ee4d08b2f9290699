"""What the benchmarks send: shared by ``http.py`` (gunicorn + wrk) and ``profile_requests.py``
(in-process), so the two measure the same requests."""

#: 50 on the table + a mixed canasta (300) + going out (100): 450 a hand, 0 for the others.
HAND = {"end": "went_out", "sides": [
    {"table_points": 50, "hand_points": 0, "canastas": {"mixed": 1}, "going_out": "normal"},
    {"table_points": 0, "hand_points": 0}]}
#: The count form as htmx posts it for the live preview while someone types.
PREVIEW_FORM = {"end": "went_out", "sides[0].going_out": "normal",
                "sides[0].canastas.mixed": "1", "sides[0].table_points": "50",
                "sides[0].hand_points": "0", "sides[1].table_points": "85",
                "sides[1].hand_points": "20"}
