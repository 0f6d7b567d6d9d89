values {
  a = concat(1)
}
