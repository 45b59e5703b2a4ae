; `dora=1m3p`, `seat=e`, `win=5p`: an option's value is notation too.
((option_value) @injection.content
  (#set! injection.language "mj"))
