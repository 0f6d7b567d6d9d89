values {
  a = values(1)
}
