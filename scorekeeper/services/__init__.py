"""Operations shared by the web forms and the JSON API: load, call the engine, change rows, flush.

Services never commit: the view that called them commits once, so a request either saves all of
its changes or none.
"""
