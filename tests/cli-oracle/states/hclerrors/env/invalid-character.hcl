values {
  a = 1 @
}
