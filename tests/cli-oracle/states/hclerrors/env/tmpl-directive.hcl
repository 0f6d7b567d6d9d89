values {
  a = "%{ 1 }"
}
