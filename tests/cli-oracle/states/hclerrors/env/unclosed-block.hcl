values {
  a = 1
