values {
  a = true ? 1 : false
}
