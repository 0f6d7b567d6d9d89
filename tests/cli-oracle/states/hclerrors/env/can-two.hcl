values {
  a = can(1, 2)
}
