values {
  a = contains(1, 1)
}
