values {
  a = setunion(1)
}
