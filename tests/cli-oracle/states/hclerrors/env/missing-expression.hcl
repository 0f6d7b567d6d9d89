values {
  a =