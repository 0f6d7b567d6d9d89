values {
  a = "\q"
}
