values {
  a = !"True"
}
