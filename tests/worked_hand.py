"""The worked hand as the count form posts it, shared by the page and API tests: Nosotros go out
with two mixed canastas (600 + 100 + 355 - 20 = 1,035); Ellos lay three red 3s
(300 + 280 - 45 = 535)."""

WORKED_HAND = {
    "end": "went_out",
    "sides[0].going_out": "normal", "sides[0].canastas.mixed": "2",
    "sides[0].table_points": "355", "sides[0].hand_points": "20",
    "sides[1].going_out": "", "sides[1].table_points": "280", "sides[1].hand_points": "45",
    "sides[1].red_threes": "3",
}
