values {
  a = [1