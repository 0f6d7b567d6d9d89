values {
  a = 1
} x
