values {
  "a" = 1
}
