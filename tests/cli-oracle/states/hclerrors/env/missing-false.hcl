values {
  a = true ? 1
}
