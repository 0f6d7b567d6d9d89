values {
  a = "%{ if true }x"
}
