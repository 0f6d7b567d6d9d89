values {
  a = "👍🏽é" + 1 + true
}
