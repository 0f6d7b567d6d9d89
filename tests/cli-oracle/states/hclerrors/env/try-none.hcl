values {
  a = try()
}
