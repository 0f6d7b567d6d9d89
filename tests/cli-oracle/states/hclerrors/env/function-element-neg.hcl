values {
  a = element([1], -1)
}
