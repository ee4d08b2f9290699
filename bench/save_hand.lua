-- wrk script: save hands through the API, spread over many games (as many tables would).
-- bench/http.py writes bench-games.lua next to the database: `games = {{path, token}, ...}`.
local games_file = os.getenv("BENCH_GAMES")
dofile(games_file)
local body = os.getenv("BENCH_HAND")
local n = 0

request = function()
  n = n + 1
  local g = games[(n % #games) + 1]
  return wrk.format("POST", g[1], {
    ["Content-Type"] = "application/json",
    ["Authorization"] = "Bearer " .. g[2],
  }, body)
end
