values {
  a = {x = 1