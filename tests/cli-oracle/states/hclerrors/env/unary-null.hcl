values {
  a = -null
}
